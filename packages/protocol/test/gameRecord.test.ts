import { type Action, applyAction, createGame, legalActions, replay } from '@blaze/rules';
import { describe, expect, it } from 'vitest';
import { type GameRecord, parseGameRecord } from '../src/gameRecord.js';

/** A whole game played by always taking the first legal action of the first seat that has one. */
function finishedRecord(): GameRecord {
  const options = { players: 3 as const, seed: 'record-test', startSeat: 1 };
  let game = createGame(options);
  const actions: Action[] = [];
  while (!game.over && actions.length < 5_000) {
    let next: Action | undefined;
    for (let seat = 0; seat < game.players && !next; seat++) next = legalActions(game, seat)[0];
    if (!next) next = { type: 'closeWindow' };
    const r = applyAction(game, next);
    if (!r.ok) throw new Error(r.error.code);
    game = r.state;
    actions.push(next);
  }
  return {
    id: 't1-1',
    table: 't1',
    game: 1,
    rules: 'blaze',
    rulesVersion: 1,
    names: ['Ann', 'Ben', 'Bot 3'],
    options,
    actions,
    scores: [...game.scores],
    winner: game.winner ?? -1,
    finishedAt: 1,
  };
}

describe('the public game record', () => {
  it('parses a real finished game as sent over JSON, and that record replays to its end', () => {
    const sent = finishedRecord();
    const r = parseGameRecord(JSON.parse(JSON.stringify(sent)));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.record).toEqual(sent);
    const again = replay(r.record.options, r.record.actions);
    expect(again.ok && again.state.over).toBe(true);
  });

  it('refuses what is not a record, saying where', () => {
    const sent = finishedRecord();
    const badCard = { ...sent, actions: [{ type: 'play', seat: 0, cards: ['not-a-card'] }] };
    const r = parseGameRecord(badCard);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('actions.0.cards.0');
    expect(parseGameRecord({ ...sent, options: { ...sent.options, players: 6 } }).ok).toBe(false);
    expect(parseGameRecord({ ...sent, actions: [{ type: 'dance', seat: 0 }] }).ok).toBe(false);
    expect(parseGameRecord(null).ok).toBe(false);
    expect(parseGameRecord({ ...sent, rules: '' }).ok).toBe(false);
    expect(parseGameRecord({ ...sent, rulesVersion: 0 }).ok).toBe(false);
  });

  it('names its game: one saved before games were named reads as Blaze version 1', () => {
    const { rules: _r, rulesVersion: _v, ...old } = finishedRecord();
    const r = parseGameRecord(JSON.parse(JSON.stringify(old)));
    expect(r.ok && [r.record.rules, r.record.rulesVersion]).toEqual(['blaze', 1]);
    // Another game's record parses as what it says it is (the replay page then says it cannot show it).
    const chess = parseGameRecord({ ...finishedRecord(), rules: 'chess', rulesVersion: 3 });
    expect(chess.ok && [chess.record.rules, chess.record.rulesVersion]).toEqual(['chess', 3]);
  });
});
