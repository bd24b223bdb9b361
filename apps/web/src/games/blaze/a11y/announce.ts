/** Log lines in words for the live region: the game log's words, with the limit on an opening. */
import { suitOf } from '@blaze/rules';
import type { ClientTable, LogLine } from '../../../shell/host.js';
import { t } from '../../../shell/host.js';
import { lt } from '../i18n/learn.js';
import { banner } from '../logic/banner.js';
import { cardsWords } from '../logic/cards.js';
import { logWords, toldLines } from '../logic/log.js';
import { betWords, summaryOf } from '../logic/roundSummary.js';

/** The lines of `next` newer than `lastSeq`, in words, for the person at this table. */
export function announcements(next: ClientTable, lastSeq: number): { lines: string[]; seq: number } {
  const fresh = next.log.filter((l) => l.seq > lastSeq);
  // A line the clock's line already said is not said again (toldLines), but it is counted as heard.
  const lines = toldLines(next.log)
    .filter((l) => l.seq > lastSeq)
    .map((l) => lineWords(l, next));
  return { lines, seq: fresh.length ? (fresh[fresh.length - 1] as LogLine).seq : lastSeq };
}

/**
 * A start waiting for the server's record, said once as the wait begins: in the lobby nothing else
 * speaks, and the banner that says it is not a live region. `was`: the table's previous `starting`.
 */
export function startingAnnouncement(tb: ClientTable, was: boolean): string | null {
  return tb.starting && !was ? t('banner.starting') : null;
}

/** Saving delayed, and saving again: said as each begins (the banner that shows it is not a live region). */
export function savingAnnouncement(tb: ClientTable, was: boolean): string | null {
  if (tb.savingDelayed === was) return null;
  return t(tb.savingDelayed ? 'banner.savingDelayed' : 'banner.savingAgain');
}

/**
 * What the table now waits for from this reader ("Reject or pass"), once as it starts: the banner's
 * words, which a sighted player sees change and hears a beep for. `last` is the previous call's key.
 */
export function turnAnnouncement(tb: ClientTable, last: string | null): { line: string | null; key: string | null } {
  const b = banner(tb);
  const key = b.yourMove ? `${b.key} ${JSON.stringify(b.params)}` : null;
  return { line: key !== null && key !== last ? t(b.key, b.params) : null, key };
}

function lineWords(l: LogLine, tb: ClientTable): string {
  const words = logWords(l, tb);
  if (l.kind === 'opened' && tb.view) return `${words}; ${lt('a11y.limit', { n: tb.view.limit })}`;
  // Which cards were taken is public, and worth knowing without sight.
  if (l.kind === 'took' && l.cards.length > 0) return `${words}: ${cardsWords(l.cards)}`;
  // Round 2's trump: a sighted player sees the new trump card turned up and the banner's chip change.
  const trump = l.cards[0];
  if (l.kind === 'roundStarted' && trump) return `${words}. ${t('table.trump', { suit: t(`suit.${suitOf(trump)}`) })}`;
  // The bets themselves, and what each scored: the round's summary shows them, out of a reader's reach.
  if (l.kind === 'betsRevealed') {
    const bets = summaryOf(tb, l.value === 2 ? 2 : 1)?.bets ?? [];
    const said = bets.map((b) => {
      const w = betWords(b, tb);
      return w.outcome ? `${w.bet}, ${w.outcome}` : w.bet;
    });
    if (said.length > 0) return `${words}: ${said.join('; ')}`;
  }
  return words;
}
