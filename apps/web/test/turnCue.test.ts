/** The tab's title and icon say "your turn" exactly while the banner asks this person to act. */
import { applyAction, createGame, type GameState } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { turnCue } from '../src/games/blaze/logic/turnCue.js';
import { LANGS } from '../src/shell/i18n/index.js';
import { toClientTable } from '../src/shell/store/snapshot.js';
import { TURN_ICON, tabCue } from '../src/shell/tabCue.js';
import { stateFrom } from './fixtures.js';

const fresh = () => createGame({ players: 4, seed: 'logic', startSeat: 0 });
const table = (g: GameState, seat: number) => toClientTable(stateFrom(g, seat), seat);
function must(g: GameState, a: Parameters<typeof applyAction>[1]): GameState {
  const r = applyAction(g, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

describe('turn cue', () => {
  it('titles the tab "your turn" for the opener, in each language, and not for the others', () => {
    const g = fresh();
    expect(turnCue(table(g, 0), 'en')).toEqual({ title: '● Your turn – Blaze Online', badge: true });
    expect(turnCue(table(g, 0), 'de').title).toBe('● Du bist dran – Blaze Online');
    expect(turnCue(table(g, 0), 'ja').title).toBe('● あなたの番 – Blaze Online');
    for (const l of LANGS) expect(turnCue(table(g, 2), l)).toEqual({ title: 'Blaze Online', badge: false });
  });

  it('follows the challenge: the target is awaited, the opener (who cannot extend) no longer', () => {
    let g = fresh();
    g = must(g, { type: 'play', seat: 0, cards: [g.hands[0]?.[0] as string] });
    expect(turnCue(table(g, g.target), 'en').badge).toBe(true);
    g = must(g, { type: 'pass', seat: g.target });
    expect(turnCue(table(g, g.target), 'en')).toEqual({ title: 'Blaze Online', badge: false });
  });

  it('cues a bet owed, and not once it is placed', () => {
    const g = { ...fresh(), betting: true, bets: [] };
    expect(turnCue(table(g, 1), 'en').badge).toBe(true);
    const placed = { ...g, bets: [{ by: 1, on: 2, value: 1 as const, round: g.round }] };
    expect(turnCue(table(placed as GameState, 1), 'en').badge).toBe(false);
  });

  it('never cues a spectator, the lobby, a finished game or a dropped link', () => {
    const g = fresh();
    expect(turnCue(toClientTable(stateFrom(g, null), -1), 'en').badge).toBe(false);
    expect(turnCue(toClientTable(stateFrom(g, 0, 'lobby'), 0), 'en').badge).toBe(false);
    expect(turnCue(table({ ...g, over: true, winner: 1 }, 0), 'en').badge).toBe(false);
    expect(turnCue(table(g, 0), 'en', false).badge).toBe(false);
    expect(turnCue(null, 'en').badge).toBe(false);
  });
});

describe('tab cue', () => {
  /** The two parts of a document the cue touches. */
  function fakeDoc() {
    const attrs: Record<string, string> = { href: 'data:original' };
    let sets = 0;
    const link = {
      getAttribute: (k: string) => attrs[k] ?? null,
      setAttribute: (k: string, v: string) => {
        sets++;
        attrs[k] = v;
      },
    };
    const doc = { title: 'Blaze Online', querySelector: () => link };
    return { doc, icon: () => attrs.href, sets: () => sets };
  }

  it('sets the title and the dotted icon on your turn, puts both back after, and at the end', () => {
    const f = fakeDoc();
    const cue = tabCue(f.doc as unknown as Document);
    cue.show({ title: '● Your turn – Blaze Online', badge: true });
    expect(f.doc.title).toBe('● Your turn – Blaze Online');
    expect(f.icon()).toBe(TURN_ICON);
    cue.show({ title: '● Your turn – Blaze Online', badge: true });
    expect(f.sets()).toBe(1);
    cue.show({ title: 'Blaze Online', badge: false });
    expect(f.doc.title).toBe('Blaze Online');
    expect(f.icon()).toBe('data:original');
    cue.show({ title: '● Du bist dran – Blaze Online', badge: true });
    cue.restore();
    expect(f.doc.title).toBe('Blaze Online');
    expect(f.icon()).toBe('data:original');
  });
});
