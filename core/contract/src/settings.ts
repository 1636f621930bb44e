import { z } from 'zod';
import { can, type PermissionSubject } from './permissions.js';

/** Company and platform settings (core-operations §3, commercial-admin §6). */

/** Company options (core-operations §3) with their allowed values; the first value is the default. */
export const COMPANY_SETTINGS = {
  userRating: ['disabled', 'enabled'],
  scheduleType: ['disabled', 'queue', 'company'],
  CheckMsgIsGroup: ['enabled', 'disabled'],
  call: ['disabled', 'enabled'],
  chatBotType: ['text'],
  sendGreetingAccepted: ['disabled', 'enabled'],
  sendMsgTransfTicket: ['disabled', 'enabled'],
  sendGreetingMessageOneQueues: ['disabled', 'enabled'],
  /** Not in the spec's list (issue 10 item 8): agents reading a conversation send WhatsApp read receipts. Off by default. */
  sendReadReceipts: ['disabled', 'enabled'],
  userCreation: ['enabled', 'disabled'],
  initialSideMenu: ['open', 'closed'],
  asaas: null, // free text: payment token
} as const satisfies Record<string, readonly string[] | null>;
export type CompanySettingKey = keyof typeof COMPANY_SETTINGS;
/**
 * Options only those who may change settings read (issue 9 item 22): `asaas` is the company's payment
 * API token, a credential, not something an agent's browser should ever hold.
 */
export const SECRET_COMPANY_SETTINGS: readonly CompanySettingKey[] = ['asaas'];
/** The company options a user may read: every one for who may write settings, the non-secret ones for the rest. */
export const readableCompanySettings = (user: PermissionSubject): CompanySettingKey[] =>
  COMPANY_SETTING_KEYS.filter((k) => !SECRET_COMPANY_SETTINGS.includes(k) || can(user, 'settings:write'));
export const COMPANY_SETTING_KEYS = Object.keys(COMPANY_SETTINGS) as CompanySettingKey[];
export const companySettingDefault = (key: CompanySettingKey): string => COMPANY_SETTINGS[key]?.[0] ?? '';

/**
 * Platform-wide settings (super user): whether public sign-up is open, and the hosts a tenant's URL may
 * reach over plain http (`outboundAllowHosts`, "a.example, 203.0.113.7:8080": the outbound guard still
 * refuses private, loopback and link-local addresses for them; only the operator's OUTBOUND_ALLOW_HOSTS
 * lifts that).
 */
export const GLOBAL_SETTINGS = { allowSignup: ['enabled', 'disabled'], outboundAllowHosts: null } as const satisfies Record<string, readonly string[] | null>;
export type GlobalSettingKey = keyof typeof GLOBAL_SETTINGS;

/** Most hosts the super user's http list may hold. */
export const MAX_ALLOW_HOSTS = 50;
const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A host name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST_ENTRY = new RegExp(`^(?:(?:${HOST_LABEL}\\.)*${HOST_LABEL}|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?$`, 'i');

/** A comma-separated host list's entries, trimmed and lowercase (the guard compares them so). */
export const hostListEntries = (value: string): string[] =>
  value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

/** Why a host list is not one (`invalid_host`, `too_many`), or null. */
export function hostListError(value: string): string | null {
  const hosts = hostListEntries(value);
  if (hosts.length > MAX_ALLOW_HOSTS) return 'too_many';
  return hosts.every((h) => HOST_ENTRY.test(h)) ? null : 'invalid_host';
}

/** The free-text global settings' own format checks (after `settingValueError`). */
export const GLOBAL_SETTING_FORMATS: Partial<Record<GlobalSettingKey, (value: string) => string | null>> = { outboundAllowHosts: hostListError };

export const settingSchema = z.object({ key: z.string(), value: z.string() });
export const settingUpdateSchema = z.object({ value: z.string().max(2000) });

/** Validates a value for a key of a settings table; null when fine, else an error code. */
export function settingValueError(table: Record<string, readonly string[] | null>, key: string, value: string): string | null {
  if (!(key in table)) return 'unknown_setting';
  const allowed = table[key];
  if (allowed && !allowed.includes(value)) return 'invalid_value';
  return null;
}
