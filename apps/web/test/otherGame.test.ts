import { describe, expect, it } from 'vitest';
import { clientFor } from '../src/shell/otherGame.js';

describe('which client opens a table', () => {
  it("is the table's game when this page has its client", () => {
    expect(clientFor('blaze', ['blaze'], 'blaze')).toBe('blaze');
  });
  it('is none for a game this page has no client for (the page says so instead)', () => {
    expect(clientFor('durak', ['blaze'], 'blaze')).toBeNull();
  });
  it('is the default when the server did not say (offline, restarting, no such table)', () => {
    expect(clientFor(null, ['blaze'], 'blaze')).toBe('blaze');
  });
});
