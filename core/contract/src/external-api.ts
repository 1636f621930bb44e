import { z } from 'zod';

/**
 * The external message API (core-operations §1, plan flag useExternalApi; issue 34 item 1): a system
 * outside Atende sends a WhatsApp message through one connection, authenticated by that connection's
 * token (`Authorization: Bearer <token>`). JSON with a text and optionally a media URL, or multipart
 * with the files in `medias`. An `Idempotency-Key` header makes a retried call send once and answer the
 * first call's result.
 */

/** Header that carries the caller's idempotency key (1–100 visible characters). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,100}$/, 'invalid_idempotency_key');

/** Digits only after dropping spaces, dashes, parentheses and a leading +: 8 to 15 of them (E.164). */
const numberField = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s\-().+]/g, ''))
  .pipe(z.string().regex(/^\d{8,15}$/, 'invalid_number'));

/** POST /api/messages/send as JSON. */
export const externalSendSchema = z
  .object({
    /** The customer's phone number with country code, e.g. 51987654321. */
    number: numberField,
    /** The text; with media, its caption. Up to 4096 characters. */
    body: z.string().max(4096, 'too_long').default(''),
    /** A file to send, fetched by the server (https, public addresses only, no redirects, ≤ 16 MiB). */
    mediaUrl: z.url({ protocol: /^https?$/ }).max(2000).optional(),
    /** The file name shown for a document sent by URL. */
    mediaName: z.string().trim().min(1).max(255).optional(),
  })
  .refine((v) => v.body.trim() !== '' || v.mediaUrl !== undefined, { path: ['body'], message: 'required' });
export type ExternalSend = z.input<typeof externalSendSchema>;

/** POST /api/messages/send as multipart: these text fields plus up to 5 files in `medias`. */
export const externalSendFieldsSchema = z.object({
  number: numberField,
  body: z.string().max(4096, 'too_long').default(''),
});

/** The answer: the ticket the message landed in and the messages stored (one per file; a voice note's text is its own). */
export const externalSendAnswerSchema = z.object({
  /**
   * 'Partially sent' only on the replay of a call that failed after some of its files left: those are
   * `messageIds`, and the key keeps them so a retry does not send them twice (send the rest with a new key).
   */
  message: z.enum(['Message sent', 'Partially sent']),
  ticketId: z.number().int(),
  messageIds: z.array(z.number().int()),
  /** True when this answer is the replay of an earlier call with the same Idempotency-Key. */
  replayed: z.boolean(),
});
export type ExternalSendAnswer = z.infer<typeof externalSendAnswerSchema>;
