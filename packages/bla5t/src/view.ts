/** What one viewer may see (X1.5-X1.7) and events as a viewer may see them. */
import { powerOf } from './cards.js';
import { blastAllowed, ownChoices, powerChoices, topProtected } from './engine.js';
import type { Action, Event, LayoutView, Seat, State, View } from './types.js';

/** Who the game waits for now, and for what (XT1). */
export function awaiting(s: State): { kind: string; seats: Seat[] } {
  const st = s.step;
  switch (st.kind) {
    case 'over':
      return { kind: 'over', seats: [] };
    case 'look':
      return { kind: 'look', seats: st.need.flatMap((k, i) => (k > 0 ? [i] : [])) };
    case 'boss':
      return { kind: st.boss === 'b:maga' ? 'maga' : 'fawkes', seats: [st.seat] };
    case 'change':
      return { kind: 'change', seats: [st.seat] };
    case 'carry':
      return { kind: 'carry', seats: st.need.flatMap((k, i) => (k ? [i] : [])) };
    case 'helmut':
      return {
        kind: 'helmut',
        seats: [...new Set(st.asked.filter((q) => q.answer === null).map((q) => q.at.seat))],
      };
    default:
      return { kind: st.kind, seats: [s.active] };
  }
}

export function viewFor(s: State, viewer: Seat | null): View {
  const layouts: LayoutView[] = s.layouts.map((lay) =>
    lay.map((x) => (x === null ? null : x.up ? { up: x.card } : { down: true as const })),
  );
  const st = s.step;
  const me = viewer !== null && viewer >= 0 && viewer < s.seats;
  return {
    viewer,
    round: s.round,
    players: s.n,
    seats: s.seats,
    dummy: s.dummy,
    seatOf: [...s.seatOf],
    dealer: s.dealer,
    layouts,
    discardTop: s.discard[s.discard.length - 1] ?? null,
    discardCount: s.discard.length,
    drawCount: s.draw.length,
    active: s.active,
    awaiting: awaiting(s),
    // XC: the viewer's drawn card while it is in their hand, nobody else's.
    drawn: me && s.active === viewer && s.drawn !== null ? s.drawn : null,
    pair: me && s.active === viewer && s.pair.length > 0 ? [...s.pair] : null,
    hyperion: s.hyperion,
    caller: s.caller,
    totals: [...s.totals],
    roundScores: s.roundScores ? [...s.roundScores] : null,
    // XN33: the chooser sees the set it chose; everyone else the last public one and a flag.
    heroes: [...(viewer !== null && viewer === s.changer ? s.heroes : s.publicHeroes)],
    bossSet: [...(viewer !== null && viewer === s.changer ? s.bossSet : s.publicBosses)],
    setMayHaveChanged: s.changer !== null,
    over: s.over,
    winners: [...s.winners],
    pendingPower: st.kind === 'power' || st.kind === 'swap' || st.kind === 'helmut' ? st.card : null,
    swapTarget: st.kind === 'swap' ? { ...st.target } : null,
    carryOptions:
      st.kind === 'carry' && me && st.need[viewer as number] ? (s.carry?.avail[viewer as number] ?? null) : null,
    looksToMake: st.kind === 'look' && me ? (st.need[viewer as number] ?? 0) : 0,
    helmutAsk:
      st.kind === 'helmut' && me
        ? st.asked.filter((q) => q.at.seat === viewer && q.answer === null).map((q) => q.at.slot)
        : [],
    topProtected: topProtected(s),
    turnsStarted: [...s.turnsStarted],
    inExtraTurn: s.inExtra,
  };
}

/** X1.6: looks, draws and a 6-Shuffle's real choice reach their player only. */
export function redactEvent(e: Event, viewer: Seat | null): Event | null {
  switch (e.type) {
    case 'looked':
    case 'drew':
      return e.seat === viewer ? e : { ...e, card: null };
    case 'drewTwo':
      return e.seat === viewer ? e : { ...e, cards: null };
    case 'setChosen':
      return e.seat === viewer ? e : { ...e, heroes: null, bossSet: null };
    case 'shuffled': {
      if (e.seat === viewer) return e;
      const { swap: _secret, ...rest } = e;
      return rest;
    }
    default:
      return e;
  }
}

function combos(xs: number[], k: number): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  xs.forEach((x, i) => {
    for (const rest of combos(xs.slice(i + 1), k - 1)) out.push([x, ...rest]);
  });
  return out;
}

/**
 * What `seat` may do now: every action kind, with all its slots; powers list up to 60 target
 * choices (canAct judges any other).
 */
export function legalActions(s: State, seat: Seat): Action[] {
  if (s.over || !Number.isInteger(seat) || seat < 0 || seat >= s.n) return [];
  const st = s.step;
  const own = (s.layouts[seat] ?? []).flatMap((x, i) => (x ? [i] : []));
  const unlocked = own.filter((i) => !s.layouts[seat]?.[i]?.up);
  if (st.kind === 'look') {
    const need = st.need[seat] ?? 0;
    return need > 0 ? combos(own, need).map((slots) => ({ type: 'look', seat, slots })) : [];
  }
  if (st.kind === 'helmut') {
    const mine = st.asked.filter((q) => q.at.seat === seat && q.answer === null);
    return mine.flatMap((q) => [
      { type: 'claim' as const, seat, slot: q.at.slot, helmut: true },
      { type: 'claim' as const, seat, slot: q.at.slot, helmut: false },
    ]);
  }
  if (st.kind === 'carry') {
    const av = s.carry?.avail[seat];
    if (!st.need[seat] || !av) return [];
    const out: Action[] = [{ type: 'carryOver', seat, use: [] }];
    if (av.jimbo !== null) out.push({ type: 'carryOver', seat, use: ['jimbo'] });
    if (av.duo) out.push({ type: 'carryOver', seat, use: ['duo'] });
    return out;
  }
  if (st.kind === 'change') {
    if (st.seat !== seat) return [];
    const keep: Action = { type: 'changeSet', seat, heroes: [...s.heroes], bossSet: [...s.bossSet] };
    return [
      keep,
      { type: 'changeSet', seat, heroes: ['h:daisy', 'h:carol', 'h:jimbo', 'h:enzo'], bossSet: ['b:fawkes', 'b:maga'] },
      {
        type: 'changeSet',
        seat,
        heroes: ['h:helmut', 'h:stephania', 'h:lola', 'h:leo'],
        bossSet: ['b:gordon', 'b:maga'],
      },
    ];
  }
  if (st.kind === 'boss') {
    if (st.seat !== seat) return [];
    const out: Action[] = [{ type: 'power', seat, targets: [] }];
    s.layouts.forEach((lay, x) => {
      if (x === seat && st.boss === 'b:maga') return;
      lay.forEach((c, slot) => {
        if (c && !c.helmut) out.push({ type: 'power', seat, targets: [{ seat: x, slot }] });
      });
    });
    return out;
  }
  if (s.active !== seat) return [];
  switch (st.kind) {
    case 'action': {
      const out: Action[] = [];
      if (s.draw.length > 0) out.push({ type: 'draw', seat });
      if (!topProtected(s)) for (const slot of unlocked) out.push({ type: 'take', seat, slot });
      for (const slot of own) out.push({ type: 'match', seat, slot });
      if (s.opts.advanced)
        for (const slot of own) if (!s.layouts[seat]?.[slot]?.helmut) out.push({ type: 'flip', seat, slot });
      return out;
    }
    case 'keep':
      return [...new Set(s.pair)].map((card) => ({ type: 'keep' as const, seat, card }));
    case 'drawn':
      return [{ type: 'discardDrawn', seat }, ...unlocked.map((slot) => ({ type: 'placeDrawn' as const, seat, slot }))];
    case 'power': {
      const kind = powerOf(st.card);
      const out: Action[] = [{ type: 'skipPower', seat }];
      if (kind === null) return out;
      if (kind === 'stephania') {
        // One representative per partner: the user and one other player change seats.
        const occupant = Array.from({ length: s.n }, (_, x) => s.seatOf.indexOf(x));
        for (let x = 0; x < s.n; x++) {
          if (x === seat || x === s.caller) continue;
          const seating = occupant.slice();
          seating[x] = occupant[seat] as number;
          seating[seat] = occupant[x] as number;
          out.push({ type: 'power', seat, targets: [], seating });
        }
        return out;
      }
      for (const targets of powerChoices(s, seat, kind)) {
        if (kind === 'shuffle6') {
          out.push({ type: 'power', seat, targets, swap: true }, { type: 'power', seat, targets, swap: false });
        } else out.push({ type: 'power', seat, targets });
      }
      return out;
    }
    case 'swap':
      return [
        { type: 'swap', seat, slot: null },
        ...ownChoices(s, seat, true).map((w) => ({ type: 'swap' as const, seat, slot: w.slot })),
      ];
    case 'blast':
      return blastAllowed(s)
        ? [
            { type: 'blast', seat },
            { type: 'endTurn', seat },
          ]
        : [{ type: 'endTurn', seat }];
    default:
      return [];
  }
}
