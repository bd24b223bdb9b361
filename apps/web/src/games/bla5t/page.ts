/**
 * A Bla5t table's page: the shell's join screen, lobby and top bar around this game's board (DOM),
 * banner, buttons, results and the table in words. Data flows one way: wire -> Bla5tTable -> DOM;
 * moves go back as the messages named by the action type (the action less its seat). A look
 * arrives once as a `private` message (X1.6, XN13) and is shown a few seconds, then turned down.
 */

import type { Card, View, Where } from '@blaze/bla5t';
import { beep, h, keys, type LogLine, load, patch, sayLive, setTextOf } from '../../shell/host.js';
import { gameFrame } from '../../shell/hostTable.js';
import { bannerWords } from './banner.js';
import { playerAt, renderBoard, secondsLeft } from './board.js';
import { type Moves, movesOf, NO_MOVES, powerTargets, targetsNeeded } from './legal.js';
import { bla5tLobby } from './lobbyOptions.js';
import { logWords, rulesWords, toldLines } from './logWords.js';
import { MARK_MS, type MarkKind, marksOf } from './marks.js';
import { renderResults } from './results.js';
import { roundEndView } from './roundEnd.js';
import { bossTargets, STEP_KINDS, stepControls } from './steps.js';
import { tableWords } from './tableWords.js';
import { type Bla5tTable, readBla5t } from './wire.js';
import { bt, cardName, refusalWords } from './words.js';
import './bla5t.css';

/** How long a peek stays face up (XN13: the client may keep it on screen a few seconds). */
export const PEEK_MS = 4000;
/**
 * How long a scored round's layouts stay face up before the next round's looks (of XT4's 20 s):
 * long enough to see why each scored what they did.
 */
export const ROUND_MS = 5000;

type Mode = 'take' | 'match' | 'flip' | null;

export function bla5tTablePage(root: HTMLElement, tableId: string): () => void {
  let bt5: Bla5tTable | null = null;
  let moves: Moves = NO_MOVES;
  let mode: Mode = null;
  let lookSel: number[] = [];
  let chosen: Where[] = [];
  let stepKey = '';
  const peeks = new Map<string, { card: Card; until: number }>();
  /** Slots the public log just said were touched (marks.ts), marked MARK_MS on every client. */
  const marks = new Map<string, { kind: MarkKind; since: number }>();
  let markTimer: ReturnType<typeof setTimeout> | undefined;
  /** The draw pile's top seen by a 9 or 10, while it is still the top (same count, same round). */
  let drawPeek: { card: Card; until: number; count: number; round: number } | null = null;
  /** The ended round, all face up with its scores, held in sight until `until` (X1.8, X9). */
  let roundEnd: { view: View; until: number } | null = null;
  let roundTimer: ReturnType<typeof setTimeout> | undefined;
  /** A test's screenshots at six sizes take longer than ROUND_MS: it may keep the round in sight. */
  let roundPinned = false;
  /**
   * A test's screenshots of a Helmut window (4 s, XT3) at six sizes: it may hold the table as it was
   * shown; the snapshots that came meanwhile are drawn when it lets go.
   */
  let heldTable: Bla5tTable | null | undefined;
  const muted = () => load(keys.muted) === '1';
  const board = h('div', { class: 'b5-board', testid: 'bla5t-board' });
  const frame = gameFrame<Bla5tTable>({
    tableId,
    game: 'bla5t',
    name: () => bt('name'),
    wordsTitle: () => bt('words.title'),
    board,
    stageClass: 'b5-stage',
    actionsClass: 'b5-actions',
    // The refusal line sits between the board and the buttons, never over a seat's cards.
    flashOverBoard: false,
    panelWords: { logWords, toldLines, rules: rulesWords },
    reader: { read: readBla5t, messages: ['private'] },
    onTable: (t) => {
      if (heldTable !== undefined) {
        heldTable = t;
        return;
      }
      holdRoundEnd(bt5?.view ?? null, t);
      bt5 = t;
      draw();
    },
    onGameMessage: (_type, m) => onPrivate(m),
    refusal: refusalWords,
    draw: () => draw(),
    tick: (now) => {
      for (const el of board.querySelectorAll<HTMLElement>('[data-at]'))
        setTextOf(el, secondsLeft(Number(el.dataset.at), now));
    },
  });
  const cleanups = { push: frame.onCleanup };
  cleanups.push(() => clearTimeout(roundTimer));
  const { sendRaw, live, say, hideFlash } = frame;
  const actionsEl = frame.actionsEl;
  root.replaceChildren(frame.page);

  // ---- peeks (X1.6): shown PEEK_MS, then face down ----
  let peekTimer: ReturnType<typeof setTimeout> | undefined;
  function expirePeeks(): void {
    const now = Date.now();
    for (const [k, p] of peeks) if (p.until <= now) peeks.delete(k);
    if (drawPeek && drawPeek.until <= now) drawPeek = null;
    clearTimeout(peekTimer);
    const next = Math.min(...[...peeks.values()].map((p) => p.until), drawPeek?.until ?? Infinity);
    if (Number.isFinite(next)) peekTimer = setTimeout(() => draw(), Math.max(10, next - now));
  }
  cleanups.push(() => clearTimeout(peekTimer));
  function expireMarks(): void {
    const now = Date.now();
    for (const [k, m] of marks) if (m.since + MARK_MS <= now) marks.delete(k);
    clearTimeout(markTimer);
    const next = Math.min(...[...marks.values()].map((m) => m.since + MARK_MS));
    if (Number.isFinite(next)) markTimer = setTimeout(() => draw(), Math.max(10, next - now));
  }
  cleanups.push(() => clearTimeout(markTimer));
  function onPrivate(m: unknown): void {
    const e = m as { type?: string; at?: Where | 'drawPile'; card?: Card | null };
    if (e?.type !== 'looked' || typeof e.card !== 'string' || !e.at) return;
    const until = Date.now() + PEEK_MS;
    const view = v();
    if (e.at === 'drawPile') drawPeek = { card: e.card, until, count: view?.drawCount ?? -1, round: view?.round ?? -1 };
    else peeks.set(`${e.at.seat}.${e.at.slot}`, { card: e.card, until });
    sayLive(live, bt('words.peek', { cards: cardName(e.card) }));
    draw();
  }

  /**
   * A peek is of a card in a place: once the public log says that card moved (a swap, a shuffle, a
   * card placed or taken there, a change of seats), the place shows no face any more, rather than
   * a face that may now be another card's.
   */
  let logSeen = -1;
  function forgetMoved(lines: readonly LogLine[]): void {
    const fresh = lines.filter((l) => l.seq > logSeen);
    const first = logSeen < 0;
    logSeen = Math.max(logSeen, ...lines.map((l) => l.seq));
    if (first) return;
    const now = Date.now();
    for (const l of fresh) for (const m of marksOf(l)) marks.set(m.key, { kind: m.kind, since: now });
    for (const l of fresh) {
      if (l.kind === 'swapped') for (const m of l.text.matchAll(/(\d+)\.(\d+)/g)) peeks.delete(`${m[1]}.${m[2]}`);
      else if (l.kind === 'shuffled') for (const slot of l.text.split(',')) peeks.delete(`${l.seat}.${slot}`);
      else if (l.kind === 'placed' || l.kind === 'took') peeks.delete(`${l.seat}.${l.value}`);
      else if (l.kind === 'seated') peeks.clear();
    }
  }

  // ---- moves ----
  /** A view a test feeds in through the debug hook, over the wire's (the page's own steps shown). */
  let fed: View | null = null;
  /** The page's last few sends (type and payload), for the debug hook. */
  const sent: { type: string; payload: object }[] = [];
  const v = (): View | null => fed ?? bt5?.view ?? null;
  const advanced = () => bt5?.options.advanced ?? false;
  const act = (type: string, payload: object = {}) => {
    sent.push({ type, payload });
    if (sent.length > 20) sent.shift();
    sendRaw(type, payload);
    beep('play', muted());
  };

  function sendPower(targets: Where[], extra: object = {}): void {
    chosen = [];
    act('power', { targets, ...extra });
  }

  function onSlot(seat: number, slot: number): void {
    const view = v();
    if (!view || view.viewer === null || view.over) return;
    const me = view.viewer;
    if (!view.awaiting.seats.includes(me)) {
      say(refusalWords('NOT_YOUR_TURN'), true);
      return;
    }
    const own = seat === me;
    switch (moves.kind) {
      case 'look': {
        if (!own) return;
        lookSel = lookSel.includes(slot) ? lookSel.filter((s) => s !== slot) : [...lookSel, slot];
        if (lookSel.length >= moves.look) {
          act('look', { slots: lookSel });
          lookSel = [];
        }
        draw();
        return;
      }
      case 'action':
        if (!own) return;
        if (mode === null) say(bt('hint.pickMode'), false);
        // A slot not lit is sent all the same: the server's refusal names the rule.
        else act(mode, { slot });
        mode = null;
        draw();
        return;
      case 'drawn':
        if (own) act('placeDrawn', { slot });
        return;
      case 'swap':
        if (own) act('swap', { slot });
        return;
      case 'helmut':
        return;
      case 'maga':
      case 'fawkes': {
        // X12.6: the boss's targets are gathered one click at a time, sent by Done.
        const i = chosen.findIndex((w) => w.seat === seat && w.slot === slot);
        if (i >= 0) chosen = chosen.filter((_, j) => j !== i);
        else if (bossTargets(view, advanced(), moves, chosen).has(`${seat}.${slot}`))
          chosen = [...chosen, { seat, slot }];
        draw();
        return;
      }
      case 'power': {
        const kind = moves.power;
        if (!kind) return;
        const need = targetsNeeded(kind);
        if (need === 0) return;
        const i = chosen.findIndex((w) => w.seat === seat && w.slot === slot);
        if (i >= 0) chosen = chosen.slice(0, i);
        else chosen = [...chosen, { seat, slot }];
        // 6-Shuffle asks, once two are chosen, whether to swap them for real (X5.3); Jayce may stop after
        // any pair (X6.2). The rest go as soon as they have their targets.
        if (kind !== 'shuffle6' && kind !== 'jayce' && chosen.length >= need) sendPower(chosen);
        else if (kind === 'jayce' && chosen.length >= need) sendPower(chosen);
        draw();
        return;
      }
      default:
        return;
    }
  }

  function onDraw(): void {
    if (moves.kind === 'action') {
      mode = null;
      act('draw');
    } else if (v()?.viewer !== null && !v()?.awaiting.seats.includes(v()?.viewer as number))
      say(refusalWords('NOT_YOUR_TURN'), true);
  }
  function onDiscard(): void {
    if (moves.kind === 'drawn') act('discardDrawn');
    else if (moves.kind === 'action') {
      mode = mode === 'take' ? null : 'take';
      draw();
    }
  }

  function button(testid: string, text: string, onclick: () => void, primary = false): HTMLElement {
    return h('button', { testid, class: primary ? 'primary' : '', onclick }, text);
  }

  function renderActions(): void {
    const m = moves;
    const view = v();
    const key = JSON.stringify([
      m.kind,
      mode,
      chosen,
      lookSel,
      m.draw,
      [...m.take],
      [...m.match],
      [...m.flip],
      m.claim,
      m.blast,
      m.keep,
      m.other,
      view?.pendingPower,
      view?.carryOptions,
      view?.heroes,
      view?.bossSet,
      bt('act.draw'),
    ]);
    patch(actionsEl, key, () => {
      const out: (HTMLElement | null)[] = [];
      const modeBtn = (which: 'take' | 'match' | 'flip', set: Set<number>) =>
        set.size > 0
          ? h(
              'button',
              {
                testid: `b5-${which}`,
                class: mode === which ? 'primary' : '',
                'aria-pressed': mode === which ? 'true' : 'false',
                onclick: () => {
                  mode = mode === which ? null : which;
                  draw();
                },
              },
              bt(`act.${which}`),
            )
          : null;
      switch (m.kind) {
        case 'action':
          if (m.draw)
            out.push(
              button(
                'b5-act-draw',
                bt('act.draw'),
                () => {
                  mode = null;
                  act('draw');
                },
                true,
              ),
            );
          out.push(modeBtn('take', m.take), modeBtn('match', m.match), modeBtn('flip', m.flip));
          if (mode) out.push(h('span', { class: 'label' }, bt('hint.mode', { what: bt(`act.${mode}`) })));
          break;
        case 'drawn':
          out.push(button('b5-discard-drawn', bt('act.discard'), () => act('discardDrawn'), true));
          break;
        case 'keep':
          for (const c of m.keep)
            out.push(button(`b5-keep-${c}`, bt('act.keep', { card: cardName(c) }), () => act('keep', { card: c })));
          break;
        case 'power': {
          const kind = m.power;
          if (kind && targetsNeeded(kind) === 0 && kind !== 'stephania')
            out.push(button('b5-use', bt('act.use'), () => sendPower([]), true));
          if (kind === 'shuffle6' && chosen.length === 2) {
            out.push(button('b5-shuffle-swap', bt('act.really'), () => sendPower(chosen, { swap: true }), true));
            out.push(button('b5-shuffle-pretend', bt('act.pretend'), () => sendPower(chosen, { swap: false })));
          }
          if (kind === 'jayce' && chosen.length >= 2)
            out.push(
              button(
                'b5-jayce-done',
                bt('act.jayceDone', { n: Math.floor(chosen.length / 2) }),
                () => sendPower(chosen.slice(0, chosen.length - (chosen.length % 2))),
                true,
              ),
            );
          for (const a of m.other)
            if (a.type === 'power' && a.seating)
              out.push(
                button(`b5-seating-${a.seating.join('')}`, bt('act.choice', { what: a.seating.join(' ') }), () =>
                  sendPower([], { seating: a.seating }),
                ),
              );
          if (chosen.length > 0)
            out.push(
              button('b5-cancel', bt('act.cancel'), () => {
                chosen = [];
                draw();
              }),
            );
          out.push(
            button('b5-skip', bt('act.skip'), () => {
              chosen = [];
              act('skipPower');
            }),
          );
          break;
        }
        case 'swap':
          out.push(button('b5-no-swap', bt('act.noSwap'), () => act('swap', { slot: null })));
          break;
        case 'helmut':
          for (const slot of m.claim) {
            const one = m.claim.length > 1 ? { slot } : {};
            out.push(
              button(`b5-helmut-${slot}`, bt('act.helmut', { slot }), () => act('claim', { ...one, helmut: true })),
            );
            out.push(
              button(`b5-no-claim-${slot}`, bt('act.noClaim'), () => act('claim', { ...one, helmut: false }), true),
            );
          }
          break;
        case 'blast':
          if (m.blast) out.push(button('b5-blast', bt('act.blast'), () => act('blast'), true));
          out.push(button('b5-end-turn', bt('act.endTurn'), () => act('endTurn')));
          break;
        case 'none':
          break;
        default: {
          const view = v();
          const step =
            view && STEP_KINDS.has(m.kind) ? stepControls({ view, moves: m, advanced: advanced(), chosen, act }) : null;
          if (step) {
            out.push(step);
            break;
          }
          for (const [i, a] of m.other.entries()) {
            const { type, seat: _s, ...rest } = a as { type: string; seat: number };
            out.push(button(`b5-other-${i}`, bt('act.choice', { what: choiceWords(a) }), () => act(type, rest)));
          }
        }
      }
      return out;
    });
  }

  function choiceWords(a: unknown): string {
    const x = a as { use?: string[]; heroes?: string[]; targets?: Where[] };
    if (x.use) return x.use.join(' + ') || '—';
    if (x.heroes) return x.heroes.map(cardName).join(', ');
    if (x.targets) return x.targets.map((w) => `${w.seat}.${w.slot}`).join(' ') || '—';
    return '…';
  }

  // ---- drawing ----
  function draw(): void {
    const tb = bt5?.table;
    if (!tb || !bt5) return;
    const real = fed ?? bt5.view;
    if (roundEnd && roundEnd.until <= Date.now() && !roundPinned) roundEnd = null;
    // While the ended round is held in sight, the next round's looks wait (their deadline runs on).
    const held = roundEnd?.view ?? null;
    const view = held ?? real;
    moves = frame.connState() === 'open' && !held ? movesOf(real, advanced()) : NO_MOVES;
    const sk = real
      ? JSON.stringify([real.round, real.active, real.awaiting.kind, real.pendingPower, real.turnsStarted])
      : '';
    if (sk !== stepKey) {
      // A new step: what was being chosen for the last one is gone; a new round takes the last
      // round's peeks and refusal with it.
      if (real && stepKey && JSON.parse(stepKey)[0] !== real.round) {
        peeks.clear();
        hideFlash();
      }
      stepKey = sk;
      mode = null;
      lookSel = [];
      chosen = [];
    }
    forgetMoved(tb.log);
    expireMarks();
    // A draw or a new deal makes the seen top card another one: it is not shown on the pile any more.
    if (drawPeek && real && (real.drawCount !== drawPeek.count || real.round !== drawPeek.round)) drawPeek = null;
    expirePeeks();
    const names = tb.seats.map((s) => s.name);
    frame.update(tb);
    frame.page.dataset.awaits = moves.kind;
    frame.sections(tb, {
      players: bt5.options.players,
      lobby: bla5tLobby(bt5.options, sendRaw),
      // The game's own end (its totals and winners), even while the board still holds a round's end:
      // two rounds scored in one update left the held round's empty winners ("Lowest total wins: .").
      results: (el) =>
        renderResults(el, real, names, {
          host: tb.isHost,
          again: () => sendRaw('rematch', {}),
          replay: `/r/${tableId}-${tb.gameNumber}`,
          evening: tb.scoreboard,
          switchTo: (game) => sendRaw('switchGame', { game }),
        }),
      actions: renderActions,
    });
    if (!view) {
      frame.banner('', false);
      frame.clock(0);
      return;
    }
    const b = held
      ? { text: bt('banner.roundEnd', { round: held.round }), yourMove: false }
      : bannerWords(view, names, moves);
    frame.banner(b.text, b.yourMove);
    // The clock shown: this seat's own when it is awaited, else the first awaited seat's (clocks are
    // by player, the view's awaited by seat: Stephania may have moved them apart, X12.5).
    const awaitedPlayers = view.over || held ? [] : view.awaiting.seats.map((s) => playerAt(view, s));
    const mine = tb.mySeat >= 0 && awaitedPlayers.includes(tb.mySeat) ? tb.mySeat : awaitedPlayers[0];
    const playing = tb.status === 'playing';
    const clockAt = playing ? (bt5.clocks.find((c) => c.seat === mine)?.at ?? 0) : 0;
    // Each awaited seat's own clock on its box: during looks, Helmut windows and carry-over, all of them.
    const seatClocks = new Map<number, number>();
    if (playing)
      for (const c of bt5.clocks) {
        const seat = view.seatOf[c.seat];
        if (seat !== undefined && awaitedPlayers.includes(c.seat)) seatClocks.set(seat, c.at);
      }
    const me = view.viewer;
    const lit = new Set<string>();
    const own = (set: Iterable<number>) => {
      if (me !== null) for (const s of set) lit.add(`${me}.${s}`);
    };
    if (moves.kind === 'look' && me !== null)
      view.layouts[me]?.forEach((x, s) => {
        if (x && !lookSel.includes(s)) lit.add(`${me}.${s}`);
      });
    if (moves.kind === 'action' && mode)
      own(mode === 'take' ? moves.take : mode === 'match' ? moves.match : moves.flip);
    if (moves.kind === 'drawn') own(moves.place);
    if (moves.kind === 'swap') own(moves.swap);
    if (moves.kind === 'helmut') own(moves.claim);
    if (moves.kind === 'power' && moves.power && targetsNeeded(moves.power) > chosen.length)
      for (const k of powerTargets(view, advanced(), moves.power, chosen)) lit.add(k);
    if (moves.kind === 'maga' || moves.kind === 'fawkes')
      for (const k of bossTargets(view, advanced(), moves, chosen)) lit.add(k);
    const chosenKeys = new Set<string>([
      ...chosen.map((w) => `${w.seat}.${w.slot}`),
      ...(me !== null ? lookSel.map((s) => `${me}.${s}`) : []),
    ]);
    if (view.swapTarget && moves.kind === 'swap') chosenKeys.add(`${view.swapTarget.seat}.${view.swapTarget.slot}`);
    renderBoard(board, {
      view,
      names,
      lit,
      chosen: chosenKeys,
      peeks: new Map([...peeks].map(([k, p]) => [k, p.card])),
      drawPeek: drawPeek?.card ?? null,
      drawLit: moves.draw,
      discardLit: moves.kind === 'drawn' || (moves.kind === 'action' && moves.take.size > 0),
      marks: held ? new Map() : marks,
      clocks: seatClocks,
      onSlot,
      onDraw,
      onDiscard,
    });
    const { wordsList } = frame;
    wordsList.replaceChildren(...tableWords(view, names, peeks).map((l) => h('li', {}, l)));
    // XN33: the same line whether or not a hidden change happened.
    if (view.setMayHaveChanged) wordsList.append(h('li', { testid: 'set-maybe' }, bt('change.maybe')));
    wordsList.append(h('li', {}, bt('words.keys')));
    frame.clock(clockAt);
  }

  /** A snapshot that scored a round and dealt the next: the ended round stays in sight ROUND_MS. */
  function holdRoundEnd(before: View | null, t: Bla5tTable): void {
    const after = t.view;
    if (!before || !after || logSeen < 0 || after.round === before.round) return;
    const r = roundEndView(
      before,
      after,
      t.table.log.filter((l) => l.seq > logSeen),
    );
    if (!r) return;
    roundEnd = { view: r, until: Date.now() + ROUND_MS };
    clearTimeout(roundTimer);
    roundTimer = setTimeout(() => draw(), ROUND_MS + 10);
  }

  frame.start();

  // A test's and a curious reader's view of the table (no secrets: the page shows them anyway).
  (window as unknown as { __bla5t?: unknown }).__bla5t = {
    view: () => v(),
    moves: () => ({
      kind: moves.kind,
      look: moves.look,
      draw: moves.draw,
      take: [...moves.take],
      match: [...moves.match],
      place: [...moves.place],
      power: moves.power,
      claim: moves.claim,
      blast: moves.blast,
      mode,
      chosen,
    }),
    roundEnd: () => roundEnd?.view ?? null,
    pinRoundEnd: (on: boolean) => {
      roundPinned = on;
      draw();
    },
    holdTable: (on: boolean) => {
      if (on) {
        if (heldTable === undefined) heldTable = null;
        return;
      }
      const latest = heldTable;
      heldTable = undefined;
      if (latest) {
        holdRoundEnd(bt5?.view ?? null, latest);
        bt5 = latest;
      }
      draw();
    },
    peeks: () => Object.fromEntries([...peeks].map(([k, p]) => [k, p.card])),
    marks: () => Object.fromEntries([...marks].map(([k, m]) => [k, m.kind])),
    send: (type: string, payload: object) => sendRaw(type, payload),
    feed: (view: View | null) => {
      fed = view;
      draw();
    },
    sent: () => [...sent],
  };

  return () => {
    frame.destroy();
    delete (window as unknown as { __bla5t?: unknown }).__bla5t;
  };
}
