/** Practice's bot pace: what a stored choice turns into, whatever this browser holds. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PACE, loadPace, PACE_MS, parsePace, savePace } from '../src/games/blaze/practice/pace.js';
import { keys, load, save } from '../src/shell/net/storage.js';

describe('practice bot pace', () => {
  it('a stored pace is used; nothing stored or anything else is the normal pace', () => {
    expect(parsePace('relaxed')).toBe('relaxed');
    expect(parsePace('quick')).toBe('quick');
    for (const bad of [null, '', 'warp', 'QUICK', ' quick', '600', '{"pace":"quick"}']) {
      expect(parsePace(bad), String(bad)).toBe(DEFAULT_PACE);
    }
    expect(DEFAULT_PACE).toBe('normal');
  });

  it('is kept under its key and read back; a bad stored value reads as the default', () => {
    savePace('quick');
    expect(load(keys.practicePace)).toBe('quick');
    expect(loadPace()).toBe('quick');
    save(keys.practicePace, 'lightning');
    expect(loadPace()).toBe(DEFAULT_PACE);
  });

  it('relaxed is slower than normal, normal slower than quick; normal is the pace practice had', () => {
    expect(PACE_MS.relaxed).toBeGreaterThan(PACE_MS.normal);
    expect(PACE_MS.normal).toBeGreaterThan(PACE_MS.quick);
    expect(PACE_MS.normal).toBe(600);
  });
});
