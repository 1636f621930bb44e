import { z } from 'zod';

/** The sandbox channel (a WhatsApp without a phone, for demos and tests). */

/** The sandbox phone (core-operations issue 4): a customer "writes" to a connection. */
export const sandboxInboundSchema = z.object({
  from: z.string().regex(/^\d{8,15}$/, 'invalid_number'),
  name: z.string().trim().max(100).optional(),
  body: z.string().max(4096),
  /** Optional provider message id, to replay the same message. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  /** Written in this group (its id, digits) instead of a 1:1 chat; `from` is the participant. */
  group: z.string().regex(/^\d{8,30}$/, 'invalid_group').optional(),
  /** The group's name (subject), as a phone shows it. */
  groupName: z.string().trim().max(100).optional(),
  /** Reply to an earlier message of this chat: its provider id (what the phone quotes). */
  quotedId: z.string().regex(/^[A-Za-z0-9_:-]{1,120}$/).optional(),
  /** A picture, audio, video or document the customer sends (base64; the JSON body is limited to 1 MB). */
  media: z
    .object({ mimetype: z.string().max(100), fileName: z.string().max(200).optional(), dataBase64: z.string().max(1_000_000) })
    .optional(),
});
/**
 * The sandbox phone edits or deletes a message it sent (`POST /sandbox/{id}/changes`), reported as the
 * channel reports a customer's edit or revoke. `id` names the message as the channel does (in a group
 * `<id>:<participant>`, like `quotedId`), so a simulation may name any message: the kernel applies the
 * change only when `from` (in a group, the member) wrote it.
 */
export const sandboxChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('edit'),
    from: z.string().regex(/^\d{8,15}$/, 'invalid_number'),
    group: z.string().regex(/^\d{8,30}$/, 'invalid_group').optional(),
    id: z.string().regex(/^[A-Za-z0-9_:-]{1,120}$/),
    body: z.string().max(4096),
  }),
  z.object({
    kind: z.literal('revoke'),
    from: z.string().regex(/^\d{8,15}$/, 'invalid_number'),
    group: z.string().regex(/^\d{8,30}$/, 'invalid_group').optional(),
    id: z.string().regex(/^[A-Za-z0-9_:-]{1,120}$/),
  }),
]);
export const sandboxOutboxQuerySchema = z.object({ to: z.string().regex(/^\d{8,15}$/, 'invalid_number') });
/** What Atende sent to a sandbox number; `edited`/`deleted` when the agent later edited or deleted it for everyone. */
export const sandboxOutboxItemSchema = z.object({
  to: z.string(),
  body: z.string(),
  mediaUrl: z.string().optional(),
  edited: z.literal(true).optional(),
  deleted: z.literal(true).optional(),
  createdAt: z.string(),
});
/** The sandbox phone calls the connection (`POST /sandbox/{id}/calls`); the `call` setting decides if it is rejected. */
export const sandboxCallSchema = z.object({ from: z.string().regex(/^\d{8,15}$/, 'invalid_number') });
export const sandboxCallItemSchema = z.object({ id: z.string(), from: z.string(), rejected: z.boolean(), createdAt: z.string() });
export const sandboxCallQuerySchema = z.object({ from: z.string().regex(/^\d{8,15}$/, 'invalid_number') });
/**
 * The sandbox phone's address book (`POST /sandbox/{id}/contacts`), reported to the kernel as WhatsApp
 * reports a phone book after linking. Entries are passed on as written (a simulated phone may hold
 * anything); the kernel keeps only phone numbers.
 */
export const sandboxContactsSchema = z.object({
  contacts: z
    .array(z.object({ number: z.string().trim().min(1).max(100), name: z.string().trim().max(100).optional() }))
    .min(1)
    .max(5000),
});
