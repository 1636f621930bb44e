import { z } from 'zod';
import { companySchema } from './companies.js';
import { connectionSchema } from './connections.js';
import { contactSchema } from './contacts.js';
import { messageSchema } from './messages.js';
import { planSchema } from './plan-api.js';
import { queueSchema } from './queues.js';
import { quickMessageSchema } from './quick-messages.js';
import { settingSchema } from './settings.js';
import { tagSchema } from './tags.js';
import { ticketSchema } from './tickets.js';
import { userSchema } from './users.js';

const id = z.number().int();
const upsert = <K extends string, T extends z.ZodTypeAny>(key: K, item: T) =>
  z.object({ action: z.enum(['create', 'update']), ...({ [key]: item } as Record<K, T>) });
const removal = <K extends string>(key: K) => z.object({ action: z.literal('delete'), ...({ [key]: id } as Record<K, typeof id>) });

/**
 * The kernel's socket events, name → payload schema (issue 11 item 4): the server's emits are typed by
 * it (RealtimeGateway) and the shell may parse with it. Plugins' own events (through the REALTIME port)
 * are theirs to type. Connection sessions: `whatsappSession` carries the connection with its status.
 */
export const socketEventSchemas = {
  ticket: z.union([
    z.object({ action: z.literal('update'), ticket: ticketSchema }),
    z.object({ action: z.literal('updateUnread'), ticketId: id }),
    removal('ticketId'),
  ]),
  appMessage: z.union([
    z.object({ action: z.literal('create'), message: messageSchema, ticket: ticketSchema }),
    z.object({ action: z.literal('update'), message: messageSchema }),
  ]),
  contact: z.union([upsert('contact', contactSchema), removal('contactId'), z.object({ action: z.literal('reload') })]),
  tag: z.union([upsert('tag', tagSchema), removal('tagId')]),
  user: z.union([z.object({ action: z.literal('update'), user: userSchema }), removal('userId')]),
  queue: z.union([upsert('queue', queueSchema), removal('queueId')]),
  whatsapp: z.union([upsert('whatsapp', connectionSchema), removal('whatsappId')]),
  whatsappSession: z.object({ action: z.literal('update'), session: connectionSchema.partial() }),
  settings: z.object({ action: z.literal('update'), setting: settingSchema }),
  /** A quick reply, without the per-viewer allowEdit (each screen works it out). */
  quickmessage: z.object({ action: z.enum(['create', 'update', 'delete']), record: quickMessageSchema.omit({ allowEdit: true }) }),
  company: z.union([
    z.object({ action: z.literal('update'), company: companySchema }),
    z.object({ action: z.enum(['create', 'delete']), companyId: id }),
  ]),
  plan: z.union([upsert('plan', planSchema), removal('planId')]),
} as const;

export type SocketEventName = keyof typeof socketEventSchemas;
export type SocketEventMap = { [K in SocketEventName]: z.infer<(typeof socketEventSchemas)[K]> };
/** The payload of a kernel event; `unknown` for any other name (a plugin's). */
export type SocketPayload<K extends string> = K extends SocketEventName ? SocketEventMap[K] : unknown;
