import { z } from 'zod';
import { partialUpdate } from './partial-update.js';
import { handlerBindingInput, handlerBindingOutput } from './common.js';

/** Connections (core-operations §3, §7). */

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
  ...handlerBindingOutput,
  queues: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  /**
   * The external API's credential (`Authorization: Bearer <token>` on POST /api/messages/send): only
   * users who may edit connections (admins) get it; everyone else gets ''.
   */
  token: z.string(),
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
  ...handlerBindingInput,
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

/** The answer of starting, restarting or ending a connection's session. */
export const sessionAnswerSchema = z.object({ message: z.string() });
