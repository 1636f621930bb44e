import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Channel engine entities (core-operations §3). Tables come from migrations/core_0003_channels. */

export const CONNECTION_STATUSES = ['DISCONNECTED', 'qrcode', 'OPENING', 'PAIRING', 'CONNECTED', 'TIMEOUT'] as const;

export const WhatsappSchema = defineEntity({
  name: 'Whatsapp',
  tableName: 'whatsapps',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string().length(50),
    provider: p.string().length(30).default('baileys'),
    status: p.enum(CONNECTION_STATUSES).default('DISCONNECTED'),
    /** Why it is DISCONNECTED for good (core_0012); null otherwise. */
    statusReason: p.string().length(40).nullable(),
    qrcode: p.text().default(''),
    /** The code to type on the phone while status is PAIRING (core_0006_engine). */
    pairingCode: p.string().length(20).default(''),
    retries: p.integer().default(0),
    number: p.string().length(30).nullable(),
    isDefault: p.boolean().default(false),
    greetingMessage: p.text().default(''),
    complationMessage: p.text().default(''),
    outOfHoursMessage: p.text().default(''),
    ratingMessage: p.text().default(''),
    expiresInactiveMessage: p.text().default(''),
    expiresTicket: p.integer().default(0),
    timeUseBotQueues: p.integer().default(0),
    maxUseBotQueues: p.integer().default(3),
    transferQueueId: p.integer().nullable(),
    timeToTransfer: p.integer().default(0),
    integrationId: p.integer().nullable(),
    promptId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Whatsapp = InferEntity<typeof WhatsappSchema>;

export const WhatsappQueueSchema = defineEntity({
  name: 'WhatsappQueue',
  tableName: 'whatsapp_queues',
  properties: { whatsappId: p.integer().primary(), queueId: p.integer().primary() },
});

export const ContactSchema = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    uuid: p.uuid().onCreate(() => crypto.randomUUID()),
    name: p.string().length(100),
    number: p.string().length(60),
    email: p.string().length(254).default(''),
    profilePicUrl: p.text().default(''),
    isGroup: p.boolean().default(false),
    whatsappId: p.integer().nullable(),
    extraInfo: p.json<{ id?: number; name: string; value: string }[]>().onCreate(() => []),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Contact = InferEntity<typeof ContactSchema>;

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;

export const TicketSchema = defineEntity({
  name: 'Ticket',
  tableName: 'tickets',
  properties: {
    id: p.integer().primary().autoincrement(),
    uuid: p.uuid().onCreate(() => crypto.randomUUID()),
    companyId: p.integer(),
    contactId: p.integer(),
    whatsappId: p.integer(),
    queueId: p.integer().nullable(),
    userId: p.integer().nullable(),
    status: p.enum(TICKET_STATUSES).default('pending'),
    unreadMessages: p.integer().default(0),
    lastMessage: p.text().default(''),
    isGroup: p.boolean().default(false),
    /** The inbound chain handler holding the ticket (`<plugin id>.<name>`), its state, and until when (null: no end). */
    holder: p.string().length(120).nullable(),
    holderState: p.json<object>().nullable(),
    heldUntil: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Ticket = InferEntity<typeof TicketSchema>;

export const MessageSchema = defineEntity({
  name: 'Message',
  tableName: 'messages',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    ticketId: p.integer(),
    contactId: p.integer().nullable(),
    whatsappId: p.integer(),
    userId: p.integer().nullable(),
    providerMessageId: p.string().length(200).nullable(),
    body: p.text().default(''),
    fromMe: p.boolean().default(false),
    read: p.boolean().default(false),
    mediaType: p.string().length(30).default('chat'),
    mediaUrl: p.text().nullable(),
    /** A document's original file name (core_0005_media). */
    mediaName: p.string().length(255).nullable(),
    /** Why delivery finally failed (ack -1): ERR_SENDING_WAPP_MSG or ERR_WAPP_INVALID_CONTACT. */
    sendError: p.string().length(40).nullable(),
    /** Sent through the Messages port: the plugin that sent it, and its correlation id (core_0013). */
    source: p.string().length(60).nullable(),
    correlationId: p.string().length(100).nullable(),
    /** The inbound chain ran for this (inbound) message; a retried job runs it when it has not. */
    chained: p.boolean().nullable(),
    ack: p.integer().default(0),
    isDeleted: p.boolean().default(false),
    isEdited: p.boolean().default(false),
    quotedMsgId: p.integer().nullable(),
    /** Came through the sandbox provider, not a real phone (core_0011). */
    simulated: p.boolean().default(false),
    /** In a group: the number and name of who wrote it (core_0011). */
    participant: p.string().length(30).nullable(),
    participantName: p.string().length(100).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Message = InferEntity<typeof MessageSchema>;

export const SandboxOutboxSchema = defineEntity({
  name: 'SandboxOutbox',
  tableName: 'sandbox_outbox',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    whatsappId: p.integer(),
    toNumber: p.string().length(60),
    body: p.text().default(''),
    mediaUrl: p.text().nullable(),
    providerMessageId: p.string().length(100),
    editedAt: p.datetime().nullable(),
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type SandboxOutbox = InferEntity<typeof SandboxOutboxSchema>;

export const QueueOptionSchema = defineEntity({
  name: 'QueueOption',
  tableName: 'queue_options',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    queueId: p.integer(),
    parentId: p.integer().nullable(),
    title: p.string().length(100),
    message: p.text().default(''),
    option: p.string().length(10),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type QueueOption = InferEntity<typeof QueueOptionSchema>;

export const TagSchema = defineEntity({
  name: 'Tag',
  tableName: 'tags',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string().length(60),
    color: p.string().length(9).default('#A4CCCC'),
    kanban: p.integer().default(0),
    userId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Tag = InferEntity<typeof TagSchema>;

export const TicketTagSchema = defineEntity({
  name: 'TicketTag',
  tableName: 'ticket_tags',
  properties: { ticketId: p.integer().primary(), tagId: p.integer().primary() },
});

export const TicketNoteSchema = defineEntity({
  name: 'TicketNote',
  tableName: 'ticket_notes',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    ticketId: p.integer(),
    contactId: p.integer(),
    userId: p.integer().nullable(),
    note: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type TicketNote = InferEntity<typeof TicketNoteSchema>;

export const QuickMessageSchema = defineEntity({
  name: 'QuickMessage',
  tableName: 'quick_messages',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    userId: p.integer().nullable(),
    shortcode: p.string().length(100),
    message: p.text().default(''),
    geral: p.boolean().default(false),
    mediaPath: p.text().nullable(),
    mediaName: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type QuickMessage = InferEntity<typeof QuickMessageSchema>;

export const CHANNEL_ENTITIES = [
  QuickMessageSchema,
  TagSchema,
  TicketTagSchema,
  TicketNoteSchema,
  QueueOptionSchema,WhatsappSchema, WhatsappQueueSchema, ContactSchema, TicketSchema, MessageSchema, SandboxOutboxSchema];
