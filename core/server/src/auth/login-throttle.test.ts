import { describe, expect, it } from 'vitest';
import { addressKey } from './login-throttle.js';

describe('addressKey: the address a sign-in attempt is counted under', () => {
  it('keeps IPv4 addresses apart, also when IPv6-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.8')).not.toBe(addressKey('203.0.113.7'));
  });

  it('counts every IPv6 address of one /64 as one (an attacker cannot take a fresh address per guess)', () => {
    const a = addressKey('2001:db8:1:2:aaaa:bbbb:cccc:1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::ffff')).toBe(a);
    expect(addressKey('2001:db8:1:2::1%eth0')).toBe(a);
    expect(addressKey('2001:DB8:1:2:0:0:0:9')).toBe(a);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
