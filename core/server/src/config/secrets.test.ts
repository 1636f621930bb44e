import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSecrets } from './secrets.js';

const dir = () => mkdtempSync(path.join(tmpdir(), 'atende-secrets-'));

describe('loadSecrets', () => {
  it('generates distinct secrets once, stores them 0600 and reuses them', () => {
    const d = dir();
    const first = loadSecrets(d, {});
    expect(first.jwtSecret).not.toBe(first.jwtRefreshSecret);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(d, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecrets(d, {})).toEqual(first);
  });
  it('prefers env values and does not write them to disk', () => {
    const d = dir();
    const env = { jwtSecret: 'a'.repeat(40), jwtRefreshSecret: 'b'.repeat(40), channelKey: Buffer.alloc(32, 7).toString('base64') };
    expect(loadSecrets(d, env)).toEqual(env);
    expect(existsSync(path.join(d, 'secrets.json'))).toBe(false);
    loadSecrets(d, { jwtSecret: 'c'.repeat(40) });
    expect(readFileSync(path.join(d, 'secrets.json'), 'utf8')).not.toContain('c'.repeat(40));
  });
  it('generates a 32-byte channel key and refuses a key of another size', () => {
    expect(Buffer.from(loadSecrets(dir(), {}).channelKey, 'base64')).toHaveLength(32);
    expect(() => loadSecrets(dir(), { channelKey: Buffer.alloc(16).toString('base64') })).toThrow(/32 bytes/);
  });

  it('refuses equal access and refresh secrets', () => {
    expect(() => loadSecrets(dir(), { jwtSecret: 'x'.repeat(40), jwtRefreshSecret: 'x'.repeat(40) })).toThrow(/must differ/);
  });

  it('makes an existing, readable secrets file 0600 again whenever it writes it', () => {
    const d = dir();
    const file = path.join(d, 'secrets.json');
    writeFileSync(file, JSON.stringify({ jwtSecret: 'a'.repeat(40) }), { mode: 0o644 });
    expect(loadSecrets(d, {}).jwtSecret).toBe('a'.repeat(40));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
