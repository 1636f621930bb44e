import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens.js';

describe('VerifiedTokens', () => {
  it('answers a token verified before until its exp, then forgets it', () => {
    const cache = new VerifiedTokens<{ sub: string; exp?: number }>();
    cache.set('a.b.c', { sub: '1', exp: 1000 });
    expect(cache.get('a.b.c', 999)).toEqual({ sub: '1', exp: 1000 });
    expect(cache.get('a.b.d', 999)).toBeUndefined(); // another signature is another token
    expect(cache.get('a.b.c', 1000)).toBe('expired');
    expect(cache.get('a.b.c', 999)).toBeUndefined();
  });

  it('keeps no token without exp and freezes what it keeps', () => {
    const cache = new VerifiedTokens<{ sub: string; exp?: number }>();
    cache.set('x', { sub: '1' });
    expect(cache.size).toBe(0);
    const claims = { sub: '2', exp: 5000 };
    cache.set('y', claims);
    expect(Object.isFrozen(cache.get('y', 1))).toBe(true);
  });

  it('is bounded: the oldest entry goes first', () => {
    const cache = new VerifiedTokens<{ exp?: number }>(2);
    cache.set('1', { exp: 10 });
    cache.set('2', { exp: 10 });
    cache.set('3', { exp: 10 });
    expect(cache.size).toBe(2);
    expect(cache.get('1', 0)).toBeUndefined();
    expect(cache.get('3', 0)).toEqual({ exp: 10 });
  });
});
