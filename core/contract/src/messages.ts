import { z } from 'zod';
import { ticketSchema } from './tickets.js';

/** Messages (core-operations §3, §7). */

export const messageSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  ack: z.number().int(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  quotedMsgId: z.number().int().nullable(),
  /** The quoted message, enough to draw the quote without another call (null when none or gone). */
  quotedMsg: z.object({ id: z.number().int(), body: z.string(), fromMe: z.boolean(), mediaType: z.string() }).nullable(),
  /** A document's original file name (media only). */
  mediaName: z.string().nullable(),
  /**
   * Set with ack -1 when delivery finally failed: ERR_SENDING_WAPP_MSG, ERR_WAPP_INVALID_CONTACT (number not
   * on WhatsApp), or a code a channel's refusal gave (ChannelSendRefusedError: the Cloud API's ERR_CLOUD_API_…).
   */
  sendError: z.string().regex(/^ERR_[A-Z0-9_]+$/).max(40).nullable(),
  userId: z.number().int().nullable(),
  /** Came through the sandbox (a simulated phone), not from a real customer. */
  simulated: z.boolean(),
  /** In a group conversation: who wrote it (number and name); null otherwise. */
  participant: z.object({ number: z.string(), name: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type MessageDto = z.infer<typeof messageSchema>;
/** ack of a message whose delivery finally failed (see sendError). */
export const MESSAGE_ACK_FAILED = -1;
/**
 * GET /messages/{ticketId}: the conversation with this contact on this connection (every ticket the
 * user may see; each message says its ticketId), newest page first, oldest first inside a page.
 * `beforeId` (the oldest id already shown) pages without drifting when new messages arrive.
 */
export const messagePageQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  beforeId: z.coerce.number().int().positive().optional(),
});
export const messagePageSchema = z.object({ messages: z.array(messageSchema), ticket: ticketSchema, hasMore: z.boolean() });
export const sendMessageSchema = z
  .object({
    body: z.string().max(4096).default(''),
    quotedMsgId: z.number().int().positive().optional(),
    /** The "sign" option (default on in the shell): prefixes the agent's name in bold. */
    sign: z.boolean().default(false),
    /** Sends this quick message's attached file with the body as caption. */
    quickMessageId: z.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.body.trim() && !v.quickMessageId) ctx.addIssue({ code: 'custom', path: ['body'], message: 'empty_message' });
  });
/** The text fields of a multipart send (files in `medias`); multipart values arrive as strings. */
export const sendMediaFieldsSchema = z.object({
  body: z.string().max(4096).default(''),
  quotedMsgId: z.coerce.number().int().positive().optional(),
  sign: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});
export const editMessageSchema = z.object({
  body: z.string().max(4096).refine((s) => s.trim().length > 0, 'empty_message'),
});
/** Uploads: images up to 16 MB, any other allowed file up to 64 MB; at most 5 files per send. */
export const MEDIA_LIMITS = { imageBytes: 16 * 1024 * 1024, otherBytes: 64 * 1024 * 1024, filesPerMessage: 5 } as const;
