import { z } from 'zod';
import { partialUpdate } from './partial-update.js';

/** Connections, tickets and messages (core-operations §3, §7). */

export const CONNECTION_STATUSES = ['DISCONNECTED', 'qrcode', 'OPENING', 'PAIRING', 'CONNECTED', 'TIMEOUT'] as const;

export const connectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  provider: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  /** With DISCONNECTED: why the session ended (logged_out, replaced, refused, outdated_client, pairing_timeout, start_failed). */
  statusReason: z.string().nullable(),
  qrcode: z.string(),
  /** The code to type on the phone while status is PAIRING (empty otherwise). */
  pairingCode: z.string().optional(),
  retries: z.number().int(),
  number: z.string().nullable(),
  isDefault: z.boolean(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  expiresInactiveMessage: z.string(),
  expiresTicket: z.number().int(),
  timeUseBotQueues: z.number().int(),
  maxUseBotQueues: z.number().int(),
  transferQueueId: z.number().int().nullable(),
  timeToTransfer: z.number().int(),
  integrationId: z.number().int().nullable(),
  promptId: z.number().int().nullable(),
  queues: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  updatedAt: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionInputSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(50, 'too_long'),
  /** Any registered channel provider: 'baileys', 'sandbox' or a plugin's (the server checks it is registered). */
  provider: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,39}$/)
    .default('baileys'),
  isDefault: z.boolean().default(false),
  greetingMessage: z.string().max(5000).default(''),
  complationMessage: z.string().max(5000).default(''),
  outOfHoursMessage: z.string().max(5000).default(''),
  ratingMessage: z.string().max(5000).default(''),
  expiresInactiveMessage: z.string().max(5000).default(''),
  expiresTicket: z.coerce.number().int().min(0).max(100000).default(0),
  timeUseBotQueues: z.coerce.number().int().min(0).max(100000).default(0),
  maxUseBotQueues: z.coerce.number().int().min(0).max(1000).default(3),
  transferQueueId: z.number().int().positive().nullable().default(null),
  timeToTransfer: z.coerce.number().int().min(0).max(100000).default(0),
  queueIds: z.array(z.number().int().positive()).max(200).default([]),
});
export type ConnectionInput = z.input<typeof connectionInputSchema>;
/** PUT /whatsapp/{id}: partial; the provider of a connection never changes. */
export const connectionUpdateSchema = partialUpdate(connectionInputSchema.omit({ provider: true }));
export type ConnectionUpdate = z.infer<typeof connectionUpdateSchema>;

export const sessionStartSchema = z
  .object({
    pairingPhone: z.string().regex(/^\d{8,15}$/).optional(),
    /** Sandbox only: wait for a QR scan (POST /sandbox/{id}/scan) instead of connecting at once; pairingPhone always waits for the code. */
    qr: z.boolean().optional(),
  })
  .default({});

export const contactSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  profilePicUrl: z.string(),
});

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;

export const ticketSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: z.enum(TICKET_STATUSES),
  contactId: z.number().int(),
  contact: contactSummarySchema,
  whatsappId: z.number().int(),
  queueId: z.number().int().nullable(),
  queue: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  userId: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  unreadMessages: z.number().int(),
  lastMessage: z.string(),
  isGroup: z.boolean(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type TicketDto = z.infer<typeof ticketSchema>;

/** Array filters arrive as JSON-array strings (`queueIds=[1,2]`), as the reference client sends them. */
const idArray = z
  .string()
  .transform((s, ctx) => {
    try {
      const v: unknown = JSON.parse(s);
      if (Array.isArray(v) && v.every((x) => Number.isInteger(x) && x > 0)) return v as number[];
    } catch {
      /* reported below */
    }
    ctx.addIssue({ code: 'custom', message: 'invalid_id_list' });
    return z.NEVER;
  });
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A calendar day (`2026-03-01`), taken in the company's time zone (BUSINESS_TIMEZONE). */
const day = z.string().refine((s) => {
  // Date.parse rolls 2026-02-30 over to March; a real day prints back as itself.
  const at = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : null;
  return !!at && !Number.isNaN(at.getTime()) && at.toISOString().startsWith(s);
}, 'invalid_date');

/**
 * GET /tickets: 40 tickets a page, newest activity first, and whether more follow. Every filter narrows
 * (AND). `queueIds` keeps tickets of those queues (queueless ones are then left out, except in the waiting
 * list of a viewer allowed them: allTicket enabled, or an admin with show-all off); `tags` keeps
 * tickets carrying ANY of those tags; `users` tickets assigned to any of those users; `date` tickets
 * created on that day and `updatedAt` tickets updated on that day; `searchParam` matches contact name,
 * number or (from 3 characters) the text of any message of the ticket, in any status unless `status` is given.
 * `showAll` (admins only; ignored for others) shows every ticket of the company; off, an admin sees their
 * queues', their own and queueless tickets.
 */
export const ticketListQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  searchParam: z.string().trim().max(100).default(''),
  queueIds: idArray.optional(),
  tags: idArray.optional(),
  users: idArray.optional(),
  date: day.optional(),
  updatedAt: day.optional(),
  /** Admins only (ignored for others); omitted counts as on, so API clients that never send it see every ticket. */
  showAll: flag.optional(),
  withUnreadMessages: flag.default(false),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** GET /tickets/count: the header counts of the waiting and in-progress lists, with the list's visibility. */
export const ticketCountQuerySchema = z.object({
  status: z.enum(['pending', 'open']),
  queueIds: idArray.optional(),
  showAll: flag.optional(),
});
export const ticketCountSchema = z.object({ count: z.number().int() });

export const ticketCreateSchema = z.object({
  contactId: z.number().int().positive(),
  queueId: z.number().int().positive().nullable().optional(),
  whatsappId: z.number().int().positive().optional(),
  userId: z.number().int().positive().optional(),
  status: z.enum(['open', 'pending']).default('open'),
});
export const ticketPageSchema = z.object({ tickets: z.array(ticketSchema), hasMore: z.boolean() });
/**
 * `details.ticket` of a 409 ERR_OTHER_OPEN_TICKET: enough to open it (id, uuid) or to say who has it
 * (agent and queue) — not the ticket's contents, which the caller may not be allowed to see.
 */
export const otherOpenTicketSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  queue: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type OtherOpenTicket = z.infer<typeof otherOpenTicketSchema>;

/**
 * Accept/return/resolve/reopen send `status` (and `userId`); a transfer sends `queueId` (and `userId`,
 * `whatsappId`, and the screen's `status`) — core-operations §4/§7.
 */
export const ticketUpdateSchema = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  userId: z.number().int().positive().nullable().optional(),
  queueId: z.number().int().positive().nullable().optional(),
  whatsappId: z.number().int().positive().optional(),
});

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
  /** Set with ack -1 when delivery finally failed: ERR_SENDING_WAPP_MSG, or ERR_WAPP_INVALID_CONTACT (number not on WhatsApp). */
  sendError: z.enum(['ERR_SENDING_WAPP_MSG', 'ERR_WAPP_INVALID_CONTACT']).nullable(),
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

// ---------- contacts (core-operations §3, §5, §7)

export const extraInfoSchema = z.object({ name: z.string().trim().min(1).max(100), value: z.string().max(1000) });

export const contactSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string(),
  isGroup: z.boolean(),
  whatsappId: z.number().int().nullable(),
  extraInfo: z.array(extraInfoSchema),
  createdAt: z.string(),
});
export type ContactDto = z.infer<typeof contactSchema>;

export const contactInputSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(50, 'too_long'),
  number: z
    .string()
    .transform((s) => s.replace(/\D/g, ''))
    .pipe(z.string().min(8, 'too_short').max(50, 'too_long')),
  email: z.union([z.literal(''), z.string().trim().toLowerCase().email('invalid_email').max(254)]).default(''),
  extraInfo: z.array(extraInfoSchema).max(50).default([]),
});
export const contactUpdateSchema = partialUpdate(contactInputSchema);
export const contactPageSchema = z.object({ contacts: z.array(contactSchema), hasMore: z.boolean() });
/** POST /contacts/upload (.xlsx): what was created and, per refused row, why. */
export const contactImportResultSchema = z.object({
  newContacts: z.array(z.object({ contactId: z.number().int(), contactName: z.string() })),
  errorBag: z.array(z.object({ contactName: z.string(), error: z.object({ message: z.string() }) })),
});
export const CONTACT_IMPORT_LIMITS = { bytes: 5 * 1024 * 1024, rows: 10_000 } as const;
/** POST /contacts/import: the phone book of a connection (default: the company's default one) becomes contacts. */
export const contactPhoneImportSchema = z.object({ whatsappId: z.number().int().positive().optional() }).default({});
export const contactPhoneImportResultSchema = z.object({ imported: z.number().int() });

// ---------- queue options tree (core-operations §3 "Queue option (tree)")

export const queueOptionSchema = z.object({
  id: z.number().int(),
  queueId: z.number().int(),
  parentId: z.number().int().nullable(),
  title: z.string(),
  message: z.string(),
  option: z.string(),
});
export type QueueOptionDto = z.infer<typeof queueOptionSchema>;
export const queueOptionInputSchema = z.object({
  queueId: z.number().int().positive(),
  parentId: z.number().int().positive().nullable().default(null),
  title: z.string().trim().min(1, 'required').max(100, 'too_long'),
  message: z.string().max(5000).default(''),
  /** The number the customer types: a number or a numeric string (the reference client sends either). */
  option: z
    .union([z.number().int().min(0).max(999), z.string().trim().regex(/^\d{1,3}$/, 'invalid_option')])
    .transform((v) => String(v)),
});
export const queueOptionUpdateSchema = partialUpdate(queueOptionInputSchema);
/** `parentId=-1` lists the roots (the spec's convention). */
export const queueOptionQuerySchema = z.object({
  queueId: z.coerce.number().int().positive(),
  parentId: z.coerce.number().int().min(-1).default(-1),
});

// ---------- tags and ticket notes (core-operations §3, §5, §7)

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  kanban: z.union([z.literal(0), z.literal(1)]),
  ticketsCount: z.number().int(),
});
export type TagDto = z.infer<typeof tagSchema>;
export const tagInputSchema = z.object({
  name: z.string().trim().min(3, 'too_short').max(60, 'too_long'),
  color: z.string().trim().regex(/^#[0-9a-fA-F]{3,8}$/, 'invalid_color').default('#A4CCCC'),
  kanban: z.union([z.literal(0), z.literal(1)]).default(0),
});
export const tagUpdateSchema = partialUpdate(tagInputSchema);
export const tagPageSchema = z.object({ tags: z.array(tagSchema), hasMore: z.boolean() });
export const tagSyncSchema = z.object({
  ticketId: z.number().int().positive(),
  tags: z.array(z.object({ id: z.number().int().positive() })).max(50),
});

export const ticketNoteSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  ticketId: z.number().int(),
  contactId: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export const ticketNoteInputSchema = z.object({
  note: z.string().trim().min(2, 'too_short').max(5000, 'too_long'),
  ticketId: z.number().int().positive(),
  contactId: z.number().int().positive(),
});
export const ticketNoteQuerySchema = z.object({
  ticketId: z.coerce.number().int().positive().optional(),
  contactId: z.coerce.number().int().positive(),
});

// ---------- quick messages (core-operations §3, §5, §7)

export const quickMessageSchema = z.object({
  id: z.number().int(),
  shortcode: z.string(),
  message: z.string(),
  geral: z.boolean(),
  userId: z.number().int().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** Whether the current user may edit it (their own, or an admin on a shared one). */
  allowEdit: z.boolean(),
});
export const quickMessageInputSchema = z.object({
  shortcode: z.string().trim().min(1, 'required').max(100, 'too_long'),
  message: z.string().max(5000).default(''),
  /** Shared with the whole company (admins only); otherwise personal. */
  geral: z.boolean().default(false),
});
export const quickMessageUpdateSchema = partialUpdate(quickMessageInputSchema);
export const quickMessagePageSchema = z.object({ records: z.array(quickMessageSchema), hasMore: z.boolean() });
/** POST /quick-messages/{id}/media-upload: multipart `file` plus `typeArch` (the reference client sends "quickMessage"). */
export const quickMessageMediaFieldsSchema = z.object({ typeArch: z.string().trim().max(50).optional() });
