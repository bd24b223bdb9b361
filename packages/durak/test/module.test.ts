/** The game module: timeouts (DT3, DT4), the wire format, outcome, log words. */
import { messageOf, parseOptions } from '@blaze/game';
import { describe, expect, it } from 'vitest';
import { createGame, type Event, viewFor } from '../src/index.js';
import { durakModule, timeoutAction } from '../src/module.js';
import { A, game, play } from './helpers.js';

const { attack, defend, retreat, end } = A;

describe('durakModule', () => {
  it('DT4 opening timeout plays the lowest non-trump, ties in suit order K, S, H, C; only trumps: the lowest trump', () => {
    const s = game({
      players: 2,
      fill: true,
      trump: '6H',
      hands: [
        ['7S', '7K', '7H', '9C', '8S', '14H'],
        ['8H', '9H', '10H', '11H', '12H', '13H'],
      ],
    });
    expect(durakModule.due(s)).toEqual([{ seat: 0, role: 'open' }]);
    expect(timeoutAction(s, { seat: 0, role: 'open' })).toEqual(attack(0, '7K'));
    const trumps = game({
      players: 2,
      fill: true,
      hands: [
        ['13H', '9H', '8H', '11H', '12H', '10H'],
        ['7S', '7K', '7H', '9C', '8S', '14H'],
      ],
    });
    expect(timeoutAction(trumps, { seat: 0, role: 'open' })).toEqual(attack(0, '8H'));
  });

  it('DT4 continue or end times out to end; defence to retreat; an ambush turn to pass (DT3 forced steps are role auto)', () => {
    const s = game({
      players: 3,
      ambush: true,
      fill: true,
      hands: [
        ['8C', '10S', '6K', '7K', '9K', '11K'],
        ['10C', '11C', '12C', '13C', '14C', '6C'],
        ['8S', '7S', '6S', '9S', '11S', '12S'],
      ],
    });
    const a = play(s, attack(0, '8C')).state;
    expect(durakModule.due(a)).toEqual([{ seat: 1, role: 'defend' }]);
    expect(timeoutAction(a, { seat: 1, role: 'defend' })).toEqual(retreat(1));
    const b = play(a, defend(1, '10C')).state;
    expect(durakModule.due(b)).toEqual([{ seat: 0, role: 'continue' }]);
    expect(timeoutAction(b, { seat: 0, role: 'continue' })).toEqual(end(0));
    const c = play(b, end(0)).state;
    expect(durakModule.due(c)).toEqual([{ seat: 2, role: 'ambush' }]);
    expect(timeoutAction(c, { seat: 2, role: 'ambush' })).toEqual(end(2));
    // A due entry for someone not awaited has no action.
    expect(timeoutAction(c, { seat: 0, role: 'ambush' })).toBeNull();
    // DT3: no spade and no trump against 8S: the defender's only action is retreat, due as 'auto'.
    const forced = play(c, attack(2, '8S')).state;
    expect(durakModule.due(forced)).toEqual([{ seat: 1, role: 'auto' }]);
    expect(durakModule.onTimeout(forced, { seat: 1, role: 'auto' }, () => 0.5)).toEqual(retreat(1));
    expect(durakModule.due(createGame({ players: 2, seed: 'x' }))[0]?.role).toBe('open');
  });

  it('DC the wire message is the action without seat; the seat is the table’s; junk is MALFORMED', () => {
    expect(durakModule.parseAction(messageOf(attack(0, '8C')), 2)).toEqual({ ok: true, value: attack(2, '8C') });
    expect(durakModule.parseAction({ type: 'retreat', seat: 0 }, 1)).toEqual({ ok: true, value: retreat(1) });
    for (const raw of [null, 3, 'end', [], {}, { type: 'attack' }, { type: 'defend', card: '5H' }, { type: 'pass' }]) {
      const r = durakModule.parseAction(raw, 0);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('MALFORMED');
    }
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
      },
    );
    expect(durakModule.parseAction(hostile, 0).ok).toBe(false);
  });

  it('DC options: defaults, zod schema; team only at 4', () => {
    expect(parseOptions(durakModule, 3, {})).toEqual({ ok: true, value: { players: 3, ambush: false, team: false } });
    expect(parseOptions(durakModule, 4, { team: true, ambush: true }).ok).toBe(true);
    expect(parseOptions(durakModule, 2, { team: true }).ok).toBe(false);
    expect(parseOptions(durakModule, 2, { seed: 'x' }).ok).toBe(false);
  });

  it('D1.5 DN18 log words: every event type has a key, and the public fields of a draw are a count (and the trump card)', () => {
    const s = createGame({ players: 3, seed: 'log' });
    const first = s.hands[0]?.[0] as string;
    const r = durakModule.apply(s, attack(0, first));
    expect(r.ok).toBe(true);
    const drew: Event = { type: 'drew', seat: 1, count: 2, cards: ['7S', '8S'] };
    const pub = durakModule.redact(drew, null) as Event;
    expect(durakModule.log.fields(pub)).toEqual({ seat: 1, value: 2 });
    expect(durakModule.redact(drew, 1)).toEqual(drew);
    expect(durakModule.redact(drew, 0)).toEqual({ type: 'drew', seat: 1, count: 2 });
    const trump: Event = { type: 'drew', seat: 1, count: 1, cards: ['6H'], trump: '6H' };
    expect(durakModule.log.fields(durakModule.redact(trump, null) as Event)).toEqual({
      seat: 1,
      value: 1,
      cards: ['6H'],
    });
    for (const e of viewFor(s, null).log) expect(durakModule.log.keys).toContain(e.type);
  });
});
