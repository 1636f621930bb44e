import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

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
