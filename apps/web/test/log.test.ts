/** The game log speaks to the reader about their own seat: "You are done", not "You is done". */
import { createGame } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { announcements, turnAnnouncement } from '../src/games/blaze/a11y/announce.js';
import { logWords } from '../src/games/blaze/logic/log.js';
import { LANGS, setLang } from '../src/shell/i18n/index.js';
import { type ClientTable, type LogLine, toClientTable } from '../src/shell/store/snapshot.js';
import { stateFrom } from './fixtures.js';

const game = () => createGame({ players: 4, seed: 'words', startSeat: 0 });

/** Seat 0's page; the practice table names the person "You", so that is the name here too. */
function tableOf(seat: number, myName = 'You'): ClientTable {
  const tb = toClientTable(stateFrom(game(), seat >= 0 ? seat : null), seat);
  return { ...tb, seats: tb.seats.map((s) => (s.seat === seat ? { ...s, name: myName } : s)) };
}

function line(kind: string, seat: number, other = -1, cards: string[] = [], value = -1, text = ''): LogLine {
  return { seq: 1, kind, seat, other, cards, value, text };
}

describe('log lines about the reader', () => {
  const mine = tableOf(0);

  it('speak to me in English, about me, to me as the one challenged, and of others by name', () => {
    const say = (e: LogLine) => logWords(e, mine, 'en');
    expect(say(line('opened', 0, 1, ['r2a']))).toBe('You challenge Ben with red 2');
    expect(say(line('opened', 1, 0, ['y2a']))).toBe('Ben challenges you with yellow 2');
    expect(say(line('opened', 1, 2, ['y2a']))).toBe('Ben challenges Cleo with yellow 2');
    expect(say(line('extended', 0, -1, ['r8a']))).toBe('You add red 8');
    expect(say(line('stood', 0))).toBe('You are done');
    expect(say(line('stood', 1))).toBe('Ben is done');
    expect(say(line('took', 0, -1, [], 1))).toBe('You take 1 card');
    expect(say(line('took', 0, -1, [], 3))).toBe('You take 3 cards');
    expect(say(line('took', 2, -1, [], 1))).toBe('Cleo takes 1 card');
    expect(say(line('betPlaced', 0, 2))).toBe('You bet on Cleo');
    expect(say(line('betPlaced', 3, 0))).toBe('Dai bets on you');
    expect(say(line('roundOver', 0, -1, [], 1))).toBe('Round 1 is over: you lose it');
    expect(say(line('gameOver', 0))).toBe('Game over: you win');
    expect(say(line('gameOver', 1))).toBe('Game over: Ben wins');
    expect(say(line('timedOut', 0, -1, [], -1, 'attacker'))).toBe('Your time ran out: you add no more cards for now');
    expect(say(line('timedOut', 0, -1, [], 1, 'attacker'))).toBe('Your time ran out: the bot opens for you');
    expect(say(line('timedOut', 1, -1, [], -1, 'target'))).toBe("Ben's time ran out: Ben passes");
  });

  it('speak to me in German with du, dich and deine', () => {
    const say = (e: LogLine) => logWords(e, mine, 'de');
    expect(say(line('passed', 0))).toBe('Du passt');
    expect(say(line('stood', 0))).toBe('Du bist fertig');
    expect(say(line('took', 0, -1, [], 1))).toBe('Du nimmst 1 Karte');
    expect(say(line('betPlaced', 2, 0))).toBe('Cleo wettet auf dich');
    expect(say(line('opened', 1, 0, ['y2a']))).toMatch(/^Ben fordert dich mit .+ heraus$/);
    expect(say(line('opened', 0, 1, ['y2a']))).toMatch(/^Du forderst Ben mit .+ heraus$/);
    expect(say(line('botTookOver', 0))).toBe('Ein Bot spielt für dich');
    expect(say(line('timedOut', 0, -1, [], -1, 'target'))).toBe('Deine Zeit ist abgelaufen: du passt');
    expect(say(line('passed', 1))).toBe('Ben passt');
  });

  it('speak to me in Japanese with あなた', () => {
    const say = (e: LogLine) => logWords(e, mine, 'ja');
    expect(say(line('passed', 0))).toBe('あなたがパス');
    expect(say(line('drew', 0, -1, [], 2))).toBe('あなたが2枚引く');
    expect(say(line('betPlaced', 1, 0))).toBe('Benがあなたに賭ける');
    expect(say(line('opened', 2, 0, ['y2a']))).toMatch(/^Cleoがあなたに.+でチャレンジ$/);
    expect(say(line('gameOver', 0))).toBe('ゲーム終了：あなたの勝ち');
    expect(say(line('passed', 1))).toBe('Benがパス');
  });

  it('join lists as each language does: a comma in English and German, 、 in Japanese', () => {
    const pairs = line('rejected', 1, -1, ['b9a', 'y3a', 'r5a', 'r9a']);
    const added = line('extended', 0, -1, ['r8a', 'b8a']);
    expect(logWords(pairs, mine, 'en')).toBe('Ben rejects blue 9 with yellow 3, red 5 with red 9');
    expect(logWords(added, mine, 'en')).toBe('You add red 8, blue 8');
    for (const e of [pairs, added]) {
      const ja = logWords(e, mine, 'ja');
      expect(ja, e.kind).toContain('、');
      expect(ja, e.kind).not.toMatch(/, /);
      expect(logWords(e, mine, 'de'), e.kind).toMatch(/\S, \S/);
    }
  });

  it('name every seat to a spectator, who has none', () => {
    const watching = tableOf(-1);
    expect(logWords(line('opened', 0, 1, ['r2a']), watching, 'en')).toBe('Ana challenges Ben with red 2');
    expect(logWords(line('stood', 0), watching, 'de')).toBe('Ana ist fertig');
  });

  it('never name my own seat in a line about me, for any kind that names a seat, in any language', () => {
    // The reader's name here is one that would show if a line fell back to the third person.
    const named = tableOf(0, 'Zed');
    const aboutMe: LogLine[] = [
      ...['opened', 'betPlaced'].map((k) => line(k, 0, 1, ['r2a'])),
      ...['extended', 'rejected', 'tookBack', 'took'].map((k) => line(k, 0, -1, ['r2a'])),
      ...['passed', 'stood', 'gameOver', 'joined', 'left', 'botTookOver', 'returned', 'kicked'].map((k) => line(k, 0)),
      ...['drew', 'feather', 'roundOver'].map((k) => line(k, 0, -1, [], 1)),
      ...['target', 'attacker', 'bet', ''].map((text) => line('timedOut', 0, -1, [], -1, text)),
      line('timedOut', 0, -1, [], 1, 'attacker'),
    ];
    const meAsOther = ['opened', 'betPlaced'].map((k) => line(k, 1, 0, ['r2a']));
    for (const l of LANGS) {
      for (const e of [...aboutMe, ...meAsOther]) {
        const words = logWords(e, named, l);
        expect(words, `${l} ${e.kind} ${e.text}`).not.toContain('Zed');
        expect(words, `${l} ${e.kind} ${e.text}`).not.toMatch(/[{}]/);
        // The same line seen by a spectator names the seat: the second person is only for me.
        expect(logWords(e, tableOf(-1, 'Zed'), l), `${l} ${e.kind}`).toMatch(/Zed|Ana/);
      }
    }
  });

  it('announce in the live region with the same words', () => {
    setLang('en');
    const tb = { ...mine, log: [line('opened', 1, 0, ['y2a']), { ...line('took', 0, -1, ['y2a'], 1), seq: 2 }] };
    const a = announcements(tb, 0);
    expect(a.seq).toBe(2);
    expect(a.lines[0]).toMatch(/^Ben challenges you with yellow 2; limit \d+$/);
    expect(a.lines[1]).toBe('You take 1 card: yellow 2');
  });

  it('say each bet as the bets are revealed, and what it scored (R9.2), as the round summary shows them', () => {
    setLang('en');
    const v = mine.view as NonNullable<ClientTable['view']>;
    const bets = [
      { round: 1 as const, by: 0, on: 1, value: 1 as const },
      { round: 1 as const, by: 2, on: 0, value: 0 as const },
      { round: 1 as const, by: 3, on: 2, value: 1 as const },
    ];
    const tb = { ...mine, view: { ...v, roundLosers: [1], bets }, log: [line('betsRevealed', -1, -1, [], 1)] };
    expect(announcements(tb, 0).lines).toEqual([
      'The bets of round 1 are revealed: You bet 1 on Ben, +1 for you; Cleo bet 0 on you, goes back to Cleo; Dai bet 1 on Cleo, +1 for Cleo',
    ]);
  });

  it("say round 2's trump as it begins", () => {
    setLang('en');
    const tb = { ...mine, log: [line('roundStarted', 1, -1, ['r8b'], 2)] };
    expect(announcements(tb, 0).lines).toEqual(['Round 2 begins. Trump: red']);
  });

  it('say once when the table starts waiting on me, with what to do', () => {
    setLang('en');
    // Seat 0 opens the game's first challenge; seat 1 waits for it.
    const first = turnAnnouncement(mine, null);
    expect(first.line).toBe('Your turn: open a challenge against Ben');
    expect(turnAnnouncement(mine, first.key).line).toBeNull();
    expect(turnAnnouncement(tableOf(1), null)).toEqual({ line: null, key: null });
  });
});
