/**
 * What never reaches a log (issue 35 item 3): secrets (passwords, tokens, keys, cookies, credentials)
 * and what customers write (message bodies, captions). Applied to every structured field and to the
 * text of every line, because a message is often built by interpolating a value.
 */
export const REDACTED = '[redacted]';

/** Field names whose value is a secret, whatever its nesting. */
// A QR or pairing code links a phone to the account: whoever reads it from a log can take the number.
const SECRET_KEY = /pass(word)?|secret|token|authorization|cookie|api[-_]?key|credential|creds|private[-_]?key|signature|^otp|^code$|^qr(code)?$|pairing[-_]?code/i;
/** Field names that hold what a customer or agent wrote. */
const BODY_KEY = /^(body|text|caption|content|conversation|quotedBody|comment)$/i;

/** Secrets that show up inside free text: bearer tokens, JWTs, URL passwords, key=value pairs. */
const TEXT_PATTERNS: [RegExp, string][] = [
  [/\bBearer\s+[\w.~+/=-]+/gi, `Bearer ${REDACTED}`],
  [/\beyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]*/g, REDACTED],
  // postgres://user:pass@host → postgres://user:[redacted]@host
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s@]*:)[^@\s/]+@/gi, `$1${REDACTED}@`],
  [/\b(password|passwd|secret|token|api[-_]?key)(["']?\s*[=:]\s*["']?)[^\s"',;&]+/gi, `$1$2${REDACTED}`],
];

export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** A copy of `value` with secret and body fields replaced; strings are scrubbed; cycles and depth bounded. */
export function redact(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { type: value.name, message: redactText(value.message), stack: value.stack ? redactText(value.stack) : undefined };
  if (value instanceof Date) return value;
  // Bytes of any kind (keys, media, protocol frames): only their size.
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = v !== undefined && v !== null && (SECRET_KEY.test(key) || BODY_KEY.test(key)) ? REDACTED : redact(v, depth + 1, seen);
  }
  return out;
}
