import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, LANGUAGES, PERMISSIONS, can, loginRequestSchema, ticketListQuerySchema } from './index.js';

describe('error catalogue', () => {
  it('has a text for every code in every language', () => {
    for (const lang of LANGUAGES) {
      for (const code of ERROR_CODES) expect(ERROR_MESSAGES[lang][code], `${lang} ${code}`).toBeTruthy();
    }
  });
  it('keeps the spec’s Spanish expiry text', () => {
    expect(ERROR_MESSAGES.es.ERR_SUBSCRIPTION_EXPIRED).toBe(
      'Su suscripción ha vencido. Solo puede acceder a la sección de facturación para realizar el pago.',
    );
  });
});

describe('permissions', () => {
  it('grants by profile and lets the super flag act as the super profile', () => {
    expect(can({ profile: 'admin', super: false }, 'settings:view')).toBe(true);
    expect(can({ profile: 'user', super: false }, 'settings:view')).toBe(false);
    expect(can({ profile: 'admin', super: false }, 'settings:super-tabs')).toBe(false);
    expect(can({ profile: 'admin', super: true }, 'settings:super-tabs')).toBe(true);
  });
  it('refuses unknown permissions and missing users', () => {
    expect(can({ profile: 'super', super: true }, 'nope:nothing')).toBe(false);
    expect(can(null, 'settings:view')).toBe(false);
  });
  it('reads a plugin table when given', () => {
    const table = { 'x:write': ['supervisor'] } as const;
    expect(can({ profile: 'supervisor', super: false }, 'x:write', table)).toBe(true);
    expect(can({ profile: 'supervisor', super: false }, 'settings:view', table)).toBe(false);
    expect(Object.keys(PERMISSIONS)).toContain('app:version');
  });
});

describe('login schema', () => {
  it('trims and lower-cases the e-mail and requires a password', () => {
    expect(loginRequestSchema.parse({ email: '  Ana@Example.COM ', password: 'x' })).toEqual({ email: 'ana@example.com', password: 'x' });
    expect(loginRequestSchema.safeParse({ email: 'ana@example.com', password: '' }).success).toBe(false);
  });
});

describe('ticket list cursor', () => {
  const ok = (cursor: string) => ticketListQuerySchema.safeParse({ cursor }).success;
  it('takes what the server hands out, and refuses what the database could not read (a 400, never a 500)', () => {
    expect(ok('1767225600123456.42')).toBe(true);
    expect(ok('1767225600123456.2147483647')).toBe(true);
    expect(ok('1767225600123456.2147483648')).toBe(false); // beyond an int id
    expect(ok('123456789012345678.1')).toBe(false); // beyond a timestamp
    expect(ok('12x.1')).toBe(false);
    expect(ok("1.1'; drop table tickets")).toBe(false);
  });
});
