import type { FormInstance, FormRule as Rule } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../api.js';

/** Error codes the contract's zod schemas use as messages; each has a text under `validation.`. */
export const VALIDATION_CODES = [
  'required',
  'too_short',
  'too_long',
  'invalid_email',
  'password_too_short',
  'password_too_long',
  'password_needs_digit',
  'password_needs_lowercase',
  'password_needs_uppercase',
  'phone_too_short',
  'phone_too_long',
  'invalid_code',
  'invalid_time',
  'invalid_date',
  'seven_days',
  'each_day_once',
  'invalid_value',
  'unknown_setting',
  'min_zero',
  'platform_plan',
] as const;

type T = TFunction | ((key: string, opts?: Record<string, unknown>) => string);

/** The translated text of a validation code; an unknown code (zod's own English texts) is shown as sent. */
export function validationText(t: T, code: string): string {
  return (VALIDATION_CODES as readonly string[]).includes(code) ? String(t(`validation.${code}`)) : code;
}

type Schemas = typeof import('./schemas.js');

/**
 * The first contract error code of a value, so the form refuses exactly what the server refuses.
 * The schemas (and zod) are fetched on the first check: the sign-in page draws without them.
 */
async function firstCode(pick: (s: Schemas) => { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const r = pick(await import('./schemas.js')).safeParse(value);
  return r.success ? null : (r.error?.issues[0]?.message ?? 'invalid_value');
}

/** antd form rules of an e-mail field (required, valid address), with translated messages. */
export function emailRules(t: T): Rule[] {
  return [
    { required: true, whitespace: true, message: validationText(t, 'required') },
    {
      validator: async (_, v: string | undefined) => {
        const code = v ? await firstCode((s) => s.emailSchema, v) : null;
        return code ? Promise.reject(new Error(validationText(t, code))) : Promise.resolve();
      },
    },
  ];
}

/** Password policy of the contract: 8–128 characters with a digit, a lowercase and an uppercase letter. */
export function passwordRules(t: T, required: boolean): Rule[] {
  return [
    ...(required ? [{ required: true, message: validationText(t, 'required') }] : []),
    {
      validator: async (_, v: string | undefined) => {
        const code = v ? await firstCode((s) => s.passwordSchema, v) : null;
        return code ? Promise.reject(new Error(validationText(t, code))) : Promise.resolve();
      },
    },
  ];
}

/** Required, trimmed length between min and max (names). */
export function lengthRules(t: T, min: number, max: number): Rule[] {
  return [
    { required: true, whitespace: true, message: validationText(t, 'required') },
    { min, transform: (v: string) => v?.trim(), message: validationText(t, 'too_short') },
    { max, transform: (v: string) => v?.trim(), message: validationText(t, 'too_long') },
  ];
}

interface Detail {
  path?: unknown;
  message?: unknown;
}

/**
 * Puts the server's ERR_VALIDATION details ([{ path, message: code }]) on the form's fields, translated.
 * `fieldOf` renames API paths to form fields (for example token → code). Returns whether any was placed.
 */
export function applyServerErrors(
  form: FormInstance,
  err: unknown,
  t: T,
  fieldOf: Record<string, string> = {},
): boolean {
  if (!(err instanceof ApiError) || err.code !== 'ERR_VALIDATION' || !Array.isArray(err.details)) return false;
  const registered = form.getFieldsValue() as Record<string, unknown>;
  const fields = (err.details as Detail[])
    .map((d) => {
      const path = Array.isArray(d.path) ? String(d.path[0] ?? '') : String(d.path ?? '');
      const name = fieldOf[path] ?? path;
      return name ? { name, errors: [validationText(t, String(d.message ?? 'invalid_value'))] } : null;
    })
    // Only fields the form shows; the generic toast covers the rest.
    .filter((f): f is { name: string; errors: string[] } => !!f && f.name in registered);
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}
