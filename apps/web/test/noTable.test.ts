/**
 * A link to no table says why: a table that closed, or an id no table ever had (issue #40, finding
 * 8: a mistyped link said "This table no longer exists"). The server's look-up tells them apart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGS, t } from '../src/shell/i18n/index.js';
import { fetchTableCard } from '../src/shell/joinCard.js';
import { goneKey } from '../src/shell/joinScreen.js';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown): void {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
}

describe('the join page without a table', () => {
  it('reads the look-up: closed, never was, or an id that cannot be one', async () => {
    answer(200, { exists: false, closed: true });
    expect(await fetchTableCard('AAAAAAAAAAAA')).toBe('closed');
    answer(200, { exists: false, closed: false });
    expect(await fetchTableCard('AAAAAAAAAAAA')).toBe('unknown');
    // A server that does not say (an older one) is not taken to mean the table closed.
    answer(200, { exists: false });
    expect(await fetchTableCard('AAAAAAAAAAAA')).toBe('unknown');
    answer(400, { code: 'MALFORMED', message: 'That is not a table id.' });
    expect(await fetchTableCard('a b')).toBe('unknown');
    answer(503, { code: 'UNAVAILABLE', message: 'Try again in a moment.' });
    expect(await fetchTableCard('AAAAAAAAAAAA')).toBeNull();
  });

  it('words each differently, in every language', () => {
    expect(t(goneKey('unknown'), {}, 'en')).toBe(
      'There is no table at this link. Check that the whole link was copied, or ask for a new one.',
    );
    expect(t(goneKey('closed'), {}, 'en')).toBe('This table no longer exists.');
    // Not known yet (a join refused before the look-up answered): the words a closed table has.
    expect(goneKey(null)).toBe('join.gone');
    for (const l of LANGS) expect(t(goneKey('unknown'), {}, l), l).not.toBe(t(goneKey('closed'), {}, l));
  });
});
