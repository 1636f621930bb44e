import { describe, expect, it } from 'vitest';
import { decrypt, encrypt, signState, STATE_TTL_MS, verifyState } from './crypto.js';

const KEY = 'k'.repeat(40);
const state = { companyId: 3, userId: 7, integrationId: 12, integrationName: 'Hojas', redirectUri: 'https://app.test/google-sheets/callback' };

describe('token encryption', () => {
  it('round-trips, never stores the plain text, and refuses another key or a changed byte', () => {
    const sealed = encrypt(KEY, 'ya29.secret-token');
    expect(sealed).not.toContain('secret-token');
    expect(decrypt(KEY, sealed)).toBe('ya29.secret-token');
    expect(() => decrypt('z'.repeat(40), sealed)).toThrow();
    const parts = sealed.split(':');
    parts[3] = (parts[3][0] === 'A' ? 'B' : 'A') + parts[3].slice(1);
    expect(() => decrypt(KEY, parts.join(':'))).toThrow();
  });
});

describe('OAuth state', () => {
  it('answers what it binds while fresh', () => {
    expect(verifyState(KEY, signState(KEY, state))).toMatchObject(state);
  });
  it('is refused once expired, with another key, or edited', () => {
    const t = signState(KEY, state, 1_000);
    expect(verifyState(KEY, t, 1_000 + STATE_TTL_MS + 1)).toBeNull();
    expect(verifyState('z'.repeat(40), signState(KEY, state))).toBeNull();
    const [body, mac] = signState(KEY, state).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), companyId: 4 })).toString('base64url');
    expect(verifyState(KEY, `${forged}.${mac}`)).toBeNull();
    expect(verifyState(KEY, 'garbage')).toBeNull();
  });
});
