import { randomBytes } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A fresh external API token: 32 random bytes as 64 hex characters. */
export const newApiToken = (): string => randomBytes(32).toString('hex');

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

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
    /** The plugin record this connection is bound to (core_0016; see HANDLER_BINDINGS). */
    boundPlugin: p.string().length(60).nullable(),
    boundRef: p.integer().nullable(),
    /** The external API's credential for this connection (core_0028): shown to admins only, rotatable. */
    token: p.string().length(64).onCreate(() => newApiToken()),
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
