import { describe, expect, it } from 'vitest';
import {
  COMPANY_SETTINGS,
  DEFAULT_SCHEDULES,
  passwordSchema,
  phoneSchema,
  settingValueError,
  GLOBAL_SETTING_FORMATS,
  hostListEntries,
  hostListError,
  weeklySchedulesSchema,
} from './index.js';

describe('password policy', () => {
  it('needs 8+ characters with a digit, a lowercase and an uppercase letter', () => {
    expect(passwordSchema.safeParse('Abcdefg1').success).toBe(true);
    const codes = (p: string) => (passwordSchema.safeParse(p).error?.issues ?? []).map((i) => i.message);
    expect(codes('Ab1')).toContain('password_too_short');
    expect(codes('abcdefgh1')).toEqual(['password_needs_uppercase']);
    expect(codes('ABCDEFGH1')).toEqual(['password_needs_lowercase']);
    expect(codes('Abcdefghi')).toEqual(['password_needs_digit']);
  });
});

describe('phone', () => {
  it('keeps digits only', () => {
    expect(phoneSchema.parse('(51) 987-654-321')).toBe('51987654321');
    expect(phoneSchema.safeParse('123').success).toBe(false);
  });
});

describe('weekly schedules', () => {
  it('defaults to Mon–Fri 08–18, Sat 08–12, Sun closed, and requires each day once with HH:MM', () => {
    expect(weeklySchedulesSchema.safeParse(DEFAULT_SCHEDULES).success).toBe(true);
    expect(DEFAULT_SCHEDULES[5]).toMatchObject({ weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' });
    expect(weeklySchedulesSchema.safeParse(DEFAULT_SCHEDULES.slice(1)).success).toBe(false);
    expect(weeklySchedulesSchema.safeParse([...DEFAULT_SCHEDULES.slice(1), DEFAULT_SCHEDULES[1]]).success).toBe(false);
    expect(weeklySchedulesSchema.safeParse(DEFAULT_SCHEDULES.map((d) => ({ ...d, startTime: '8:00' }))).success).toBe(false);
  });
});

describe('settings values', () => {
  it('accepts listed values, free text where the key has no list, and names the problem otherwise', () => {
    expect(settingValueError(COMPANY_SETTINGS, 'scheduleType', 'company')).toBeNull();
    expect(settingValueError(COMPANY_SETTINGS, 'scheduleType', 'always')).toBe('invalid_value');
    expect(settingValueError(COMPANY_SETTINGS, 'asaas', 'tok_123')).toBeNull();
    expect(settingValueError(COMPANY_SETTINGS, 'nope', 'x')).toBe('unknown_setting');
  });

  it("checks the super user's http host list: names, IPs, ports, at most 50", () => {
    expect(hostListError('')).toBeNull();
    expect(hostListError(' N8N.Example.com , 203.0.113.7:8080, [2001:db8::1]:443 ,')).toBeNull();
    expect(hostListEntries(' N8N.Example.com , 203.0.113.7:8080,,')).toEqual(['n8n.example.com', '203.0.113.7:8080']);
    for (const bad of ['http://a.example', 'a.example/path', 'a b', 'a.example:port', '-a.example', 'user@a.example']) expect(hostListError(bad), bad).toBe('invalid_host');
    expect(hostListError(Array.from({ length: 51 }, (_, i) => `h${i}.example`).join(','))).toBe('too_many');
    expect(GLOBAL_SETTING_FORMATS.outboundAllowHosts?.('a.example')).toBeNull();
  });
});
