/**
 * The guided Durak game (issue 37 item 5): both parts replay by the rules from their fixed deals,
 * every step's move is the learner's and legal there, the learner wins part 1, and every claim each
 * step's words make holds on the table at that step (issue 40). The three languages name the same
 * parameters.
 */
import { type Action, applyAction, createGame, type Event, legalActions, type State } from '@blaze/durak';
import { describe, expect, it } from 'vitest';
import { LOCAL_WORDS } from '../local/words.js';
import { untrue } from './claims.js';
import { LEARNER, PARTS, stepsOf } from './script.js';

const same = (x: Action, y: Action | undefined) => JSON.stringify(x) === JSON.stringify(y);

describe('the guided Durak game', () => {
  for (const part of PARTS) {
    it(`part ${part.id}: every move is legal and every step's words are true of its table`, () => {
      const ben = part.bots.indexOf('name.ben') + 1;
      const ana = part.bots.indexOf('name.ana') + 1;
      let s: State = createGame(part.game);
      let before: State | null = null;
      const events: Event[] = [];
      const states: { s: State; before: State | null; events: Event[] }[] = [];
      for (const a of part.actions) {
        states.push({ s, before, events: [...events] });
        expect(
          legalActions(s, a.seat).some((l) => same(l, a)),
          JSON.stringify(a),
        ).toBe(true);
        const r = applyAction(s, a);
        if (!r.ok) throw new Error(r.error.code);
        before = s;
        s = r.state;
        events.push(...r.events);
      }
      states.push({ s, before, events: [...events] });
      const steps = stepsOf(part);
      for (const step of steps) {
        const at = states[step.at];
        if (!at) throw new Error(`no table at ${step.at}`);
        const action = step.kind === 'do' ? (part.actions[step.at] ?? null) : null;
        if (step.kind === 'do') expect(action?.seat).toBe(LEARNER);
        const scene = { state: at.s, before: at.before, events: at.events, action, ben, ana };
        expect(untrue(step.claims, scene), `${part.id} step at ${step.at} (${step.words ?? 'move'})`).toEqual([]);
      }
      // Every move of the learner is a step; the part ends on a step to read.
      const learnerMoves = part.actions.filter((a) => a.seat === LEARNER).length;
      expect(steps.filter((x) => x.kind === 'do')).toHaveLength(learnerMoves);
      expect(steps.at(-1)?.kind).toBe('read');
      if (part.id === 'first') {
        expect(s.over).toBe(true);
        expect(s.winners).toContain(LEARNER);
        expect(s.losers).toEqual([ben]);
      }
    });
  }

  it('a claim that does not hold is reported (the check can fail)', () => {
    const part = PARTS[0];
    if (!part) throw new Error('no part');
    const scene = { state: createGame(part.game), before: null, events: [], action: null, ben: 1, ana: 0 };
    expect(untrue(['the deck is empty', 'you attack'], scene)).toEqual(['the deck is empty']);
  });

  it('names the same parameters in English, German and Japanese', () => {
    const params = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(LOCAL_WORDS.en)) {
      for (const l of ['de', 'ja'] as const) {
        expect(params(LOCAL_WORDS[l][key as keyof typeof LOCAL_WORDS.en]), `${l} ${key}`).toEqual(params(text));
      }
    }
  });
});
