/** What the edge's per-address limits count as one address (edge.ts' addressKey). */
import { describe, expect, it } from 'vitest';
import { addressKey } from '../src/edge.js';

describe('one address, as the limits count it', () => {
  it('is an IPv6 host by its /64, however the address is written', () => {
    const one = ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::9', '2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::'];
    for (const a of one) expect(addressKey(a), a).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('is an IPv4 address as it is, mapped into IPv6 or not; anything else is left alone', () => {
    expect(addressKey('127.0.0.7')).toBe('127.0.0.7');
    expect(addressKey('::ffff:127.0.0.7')).toBe('127.0.0.7');
    expect(addressKey('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('?')).toBe('?');
  });
});
