import { describe, expect, it } from 'vitest';
import { ConfigError, durationToSeconds, loadConfig } from './config.js';

const base = { DATABASE_URL: 'postgres://u@localhost/db' };

describe('loadConfig', () => {
  it('applies defaults', () => {
    const c = loadConfig(base);
    expect(c).toMatchObject({ PORT: 8080, REDIS_URL: 'redis://127.0.0.1:6379', ACCESS_TOKEN_TTL: '15m', SUPER_EMAIL: 'super@atende.local' });
    expect(c.SUPER_PASSWORD).toBeUndefined();
    expect(c.JWT_SECRET).toBeUndefined();
    expect(c.cookieSecure).toBe('auto');
    expect(c.trustProxy).toBe('loopback');
  });
  it('treats empty strings as unset', () => {
    expect(loadConfig({ ...base, SUPER_PASSWORD: '', PORT: '' }).PORT).toBe(8080);
  });
  it('names every bad variable in one error', () => {
    try {
      loadConfig({ PORT: '70000', REDIS_URL: 'http://x', ACCESS_TOKEN_TTL: '15 minutes', SUPER_PASSWORD: 'short' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      for (const name of ['PORT', 'REDIS_URL', 'ACCESS_TOKEN_TTL', 'SUPER_PASSWORD', 'DATABASE_URL']) expect(msg).toContain(`${name}:`);
    }
  });
  it('decides the cookie flag per request unless COOKIE_SECURE says otherwise', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).cookieSecure).toBe('auto');
    expect(loadConfig({ ...base, COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });
  it('turns the sandbox off in production unless SANDBOX_ENABLED=true', () => {
    expect(loadConfig(base).sandboxEnabled).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).sandboxEnabled).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SANDBOX_ENABLED: 'true' }).sandboxEnabled).toBe(true);
    expect(loadConfig({ ...base, SANDBOX_ENABLED: 'false' }).sandboxEnabled).toBe(false);
  });
  it('reads TRUST_PROXY as a hop count or a list, never as "trust everyone"', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY/);
  });
});

describe('durationToSeconds', () => {
  it('converts s, m, h and d', () => {
    expect([durationToSeconds('30s'), durationToSeconds('15m'), durationToSeconds('2h'), durationToSeconds('7d')]).toEqual([30, 900, 7200, 604800]);
  });
});
