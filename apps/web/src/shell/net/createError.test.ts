import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.js';
import { CREATE_FAILURE_WORDS, createFailure } from './createError.js';

// Each refusal of POST /api/tables (apps/server/src/tableRoutes.ts, edge.ts) gets its own reason, so
// the home page never tells someone to check their connection when the server said why it refused.
describe('createFailure', () => {
  it.each([
    [429, { code: 'RATE_LIMITED' }, 'busy'],
    [429, { code: 'TOO_MANY_TABLES' }, 'held'],
    [503, { code: 'FULL' }, 'full'],
    [503, { code: 'STORE_UNAVAILABLE' }, 'unavailable'],
    [429, 'not json', 'busy'],
    [500, null, 'failed'],
    [502, { code: 42 }, 'failed'],
  ])('status %i with %j reads as %s', (status, body, reason) => {
    expect(createFailure(status, body)).toBe(reason);
  });

  it('every reason has words', () => {
    for (const key of Object.values(CREATE_FAILURE_WORDS)) expect(en).toHaveProperty(key);
  });
});
