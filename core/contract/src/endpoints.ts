import type { z } from 'zod';
import type { blobResponse, formDataBody, pageQuerySchema } from './common.js';
import type { contactImportResultSchema, contactInputSchema, contactPageSchema, contactPhoneImportResultSchema, contactPhoneImportSchema, contactSchema, contactUpdateSchema } from './contacts.js';
import type { connectionInputSchema, connectionSchema, connectionUpdateSchema, sessionAnswerSchema, sessionStartSchema } from './connections.js';
import type { planFeatureListSchema, planInputSchema, planSchema, planUpdateSchema } from './plan-api.js';
import type { settingSchema, settingUpdateSchema } from './settings.js';
import type { queueInputSchema, queueNameSchema, queueSchema, queueUpdateSchema } from './queues.js';
import type { quickMessageInputSchema, quickMessagePageSchema, quickMessageSchema, quickMessageUpdateSchema } from './quick-messages.js';
import type { userCreateSchema, userOptionSchema, userPageSchema, userSchema, userUpdateSchema } from './users.js';
import type { companyCreateSchema, companyListQuerySchema, companyPageSchema, companySchedulesSchema, companySchema, companyUpdateSchema, signupAnswerSchema, signupSchema } from './companies.js';
import type { tagInputSchema, tagPageSchema, tagSchema, tagSyncSchema, tagUpdateSchema } from './tags.js';
import type { ticketCountQuerySchema, ticketCountSchema, ticketCreateSchema, ticketListQuerySchema, ticketPageSchema, ticketSchema, ticketUpdateSchema } from './tickets.js';
import type { editMessageSchema, messagePageQuerySchema, messagePageSchema, messageSchema, sendMessageSchema } from './messages.js';
import type { ticketNoteInputSchema, ticketNoteQuerySchema, ticketNoteSchema } from './ticket-notes.js';
import type { queueOptionInputSchema, queueOptionQuerySchema, queueOptionSchema, queueOptionUpdateSchema } from './queue-options.js';
import type { authResponseSchema, loginRequestSchema, sessionUserSchema } from './auth.js';
import type { forgotPasswordAnswerSchema, resetPasswordAnswerSchema, resetPasswordSchema } from './password-reset.js';
import type { sandboxChangeSchema, sandboxInboundSchema, sandboxOutboxItemSchema, sandboxOutboxQuerySchema } from './sandbox.js';
import type { pluginListResponseSchema } from './plugins.js';
import type { externalSendAnswerSchema, externalSendSchema } from './external-api.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call as the contract knows it (issue 12 item 5): method, path (with `:name` parameters),
 * and the schemas of its query, body and answer. The web SDK's `call(endpoint, …)` types the
 * parameters, body and result from it, so a screen never spells a path or a payload type itself.
 * The schemas are types only (`schemas` is never set): a page calling an endpoint then does not load
 * zod and every schema of the contract (~30 kB gzip on the first load). The server validates with the
 * schemas themselves.
 */
export interface Endpoint<M extends HttpMethod = HttpMethod, P extends string = string, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: M;
  path: P;
  /** The answer is a file (`Blob`), not JSON. */
  blob?: true;
  /** Types only, never set at run time. */
  readonly schemas?: { query: Q; body: B; response: R };
}

/** The schemas an endpoint is typed with (each optional), e.g. `{ body: typeof tagInputSchema }`. */
export interface EndpointSchemas {
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}
type SchemaOf<S, K extends keyof EndpointSchemas, Else> = S extends { [k in K]: infer T extends z.ZodType } ? T : Else;

/**
 * `endpoint<{ query: typeof q; response: typeof r }>()({ method: 'GET', path: '/things' })`: the schemas
 * as a type argument, method and path as values (two calls, so TypeScript infers the literals of the second).
 */
export function endpoint<S extends EndpointSchemas = Record<never, never>>() {
  return <const M extends HttpMethod, const P extends string>(e: { method: M; path: P; blob?: true }): Endpoint<M, P, SchemaOf<S, 'query', z.ZodNever>, SchemaOf<S, 'body', z.ZodNever>, SchemaOf<S, 'response', z.ZodVoid>> => e;
}

/** The `:name` parameters of a path (letters, digits and underscores). */
export type PathParams<P extends string> = P extends `${string}:${infer K}/${infer Rest}` ? K | PathParams<`/${Rest}`> : P extends `${string}:${infer K}` ? K : never;

/** An empty JSON body (`{}`). */
type EmptyBody = z.ZodObject<Record<never, never>, z.core.$strip>;

/** Contacts (core-operations §7). */
export const CONTACT_ENDPOINTS = {
  page: endpoint<{ query: typeof pageQuerySchema; response: typeof contactPageSchema }>()({ method: 'GET', path: '/contacts' }),
  show: endpoint<{ response: typeof contactSchema }>()({ method: 'GET', path: '/contacts/:id' }),
  create: endpoint<{ body: typeof contactInputSchema; response: typeof contactSchema }>()({ method: 'POST', path: '/contacts' }),
  update: endpoint<{ body: typeof contactUpdateSchema; response: typeof contactSchema }>()({ method: 'PUT', path: '/contacts/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/contacts/:id' }),
  importFromPhone: endpoint<{ body: typeof contactPhoneImportSchema; response: typeof contactPhoneImportResultSchema }>()({ method: 'POST', path: '/contacts/import' }),
  /** A spreadsheet (field `file`) of contacts to import. */
  upload: endpoint<{ body: typeof formDataBody; response: typeof contactImportResultSchema }>()({ method: 'POST', path: '/contacts/upload' }),
  export: endpoint<{ response: typeof blobResponse }>()({ method: 'GET', path: '/contacts/export', blob: true }),
  /** Id, name and number of every contact of the company. */
  names: endpoint<{ response: z.ZodArray<z.ZodObject<{ id: z.ZodNumber; name: z.ZodString; number: z.ZodString }>> }>()({ method: 'GET', path: '/contacts/list' }),
};

/** Queues (core-operations §3). */
export const QUEUE_ENDPOINTS = {
  list: endpoint<{ response: z.ZodArray<typeof queueSchema> }>()({ method: 'GET', path: '/queue' }),
  /** Id, name and colour of every queue, for any signed-in user (the transfer modal). */
  names: endpoint<{ response: z.ZodArray<typeof queueNameSchema> }>()({ method: 'GET', path: '/queue/names' }),
  show: endpoint<{ response: typeof queueSchema }>()({ method: 'GET', path: '/queue/:id' }),
  create: endpoint<{ body: typeof queueInputSchema; response: typeof queueSchema }>()({ method: 'POST', path: '/queue' }),
  update: endpoint<{ body: typeof queueUpdateSchema; response: typeof queueSchema }>()({ method: 'PUT', path: '/queue/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/queue/:id' }),
};

/** Tags. */
export const TAG_ENDPOINTS = {
  page: endpoint<{ query: typeof pageQuerySchema; response: typeof tagPageSchema }>()({ method: 'GET', path: '/tags' }),
  list: endpoint<{ response: z.ZodArray<typeof tagSchema> }>()({ method: 'GET', path: '/tags/list' }),
  /** Replaces a ticket's tags; answers the ticket. */
  sync: endpoint<{ body: typeof tagSyncSchema; response: typeof ticketSchema }>()({ method: 'POST', path: '/tags/sync' }),
  show: endpoint<{ response: typeof tagSchema }>()({ method: 'GET', path: '/tags/:id' }),
  create: endpoint<{ body: typeof tagInputSchema; response: typeof tagSchema }>()({ method: 'POST', path: '/tags' }),
  update: endpoint<{ body: typeof tagUpdateSchema; response: typeof tagSchema }>()({ method: 'PUT', path: '/tags/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/tags/:id' }),
};

/** Quick messages (the attachment goes through `uploadWithProgress` to `/quick-messages/:id/media-upload`). */
export const QUICK_MESSAGE_ENDPOINTS = {
  page: endpoint<{ query: typeof pageQuerySchema; response: typeof quickMessagePageSchema }>()({ method: 'GET', path: '/quick-messages' }),
  list: endpoint<{ response: z.ZodArray<typeof quickMessageSchema> }>()({ method: 'GET', path: '/quick-messages/list' }),
  create: endpoint<{ body: typeof quickMessageInputSchema; response: typeof quickMessageSchema }>()({ method: 'POST', path: '/quick-messages' }),
  update: endpoint<{ body: typeof quickMessageUpdateSchema; response: typeof quickMessageSchema }>()({ method: 'PUT', path: '/quick-messages/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/quick-messages/:id' }),
  removeMedia: endpoint<{ response: typeof quickMessageSchema }>()({ method: 'DELETE', path: '/quick-messages/:id/media-upload' }),
  show: endpoint<{ response: typeof quickMessageSchema }>()({ method: 'GET', path: '/quick-messages/:id' }),
  /** The attachment (field `file`, multipart). */
  uploadMedia: endpoint<{ body: typeof formDataBody; response: typeof quickMessageSchema }>()({ method: 'POST', path: '/quick-messages/:id/media-upload' }),
};

/** WhatsApp connections and their sessions (core-operations §5). */
export const CONNECTION_ENDPOINTS = {
  list: endpoint<{ response: z.ZodArray<typeof connectionSchema> }>()({ method: 'GET', path: '/whatsapp' }),
  show: endpoint<{ response: typeof connectionSchema }>()({ method: 'GET', path: '/whatsapp/:id' }),
  create: endpoint<{ body: typeof connectionInputSchema; response: typeof connectionSchema }>()({ method: 'POST', path: '/whatsapp' }),
  update: endpoint<{ body: typeof connectionUpdateSchema; response: typeof connectionSchema }>()({ method: 'PUT', path: '/whatsapp/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/whatsapp/:id' }),
  /** A new external API token for the connection (the old one stops working). */
  rotateToken: endpoint<{ body: EmptyBody; response: typeof connectionSchema }>()({ method: 'POST', path: '/whatsapp/:id/token' }),
  startSession: endpoint<{ body: typeof sessionStartSchema; response: typeof sessionAnswerSchema }>()({ method: 'POST', path: '/whatsappsession/:id' }),
  restartSession: endpoint<{ body: EmptyBody; response: typeof sessionAnswerSchema }>()({ method: 'PUT', path: '/whatsappsession/:id' }),
  endSession: endpoint<{ response: typeof sessionAnswerSchema }>()({ method: 'DELETE', path: '/whatsappsession/:id' }),
};

/** Users (core-operations §4). */
export const USER_ENDPOINTS = {
  page: endpoint<{ query: typeof pageQuerySchema; response: typeof userPageSchema }>()({ method: 'GET', path: '/users' }),
  /** Names only, for every signed-in user (the transfer modal). */
  names: endpoint<{ response: z.ZodArray<typeof userOptionSchema> }>()({ method: 'GET', path: '/users/list' }),
  show: endpoint<{ response: typeof userSchema }>()({ method: 'GET', path: '/users/:id' }),
  create: endpoint<{ body: typeof userCreateSchema; response: typeof userSchema }>()({ method: 'POST', path: '/users' }),
  update: endpoint<{ body: typeof userUpdateSchema; response: typeof userSchema }>()({ method: 'PUT', path: '/users/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/users/:id' }),
};

/** Plans (the super user's settings tab). */
export const PLAN_ENDPOINTS = {
  all: endpoint<{ response: z.ZodArray<typeof planSchema> }>()({ method: 'GET', path: '/plans/all' }),
  /** The public plans (sign-up). */
  publicList: endpoint<{ response: z.ZodArray<typeof planSchema> }>()({ method: 'GET', path: '/plans/list' }),
  create: endpoint<{ body: typeof planInputSchema; response: typeof planSchema }>()({ method: 'POST', path: '/plans' }),
  update: endpoint<{ body: typeof planUpdateSchema; response: typeof planSchema }>()({ method: 'PUT', path: '/plans/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/plans/:id' }),
  /** Every plan (the super user); `all` is the same list. */
  list: endpoint<{ response: z.ZodArray<typeof planSchema> }>()({ method: 'GET', path: '/plans' }),
  show: endpoint<{ response: typeof planSchema }>()({ method: 'GET', path: '/plans/:id' }),
};

/** Companies (the super user's settings tab; a company's own schedules). */
export const COMPANY_ENDPOINTS = {
  page: endpoint<{ query: typeof companyListQuerySchema; response: typeof companyPageSchema }>()({ method: 'GET', path: '/companies' }),
  show: endpoint<{ response: typeof companySchema }>()({ method: 'GET', path: '/companies/:id' }),
  create: endpoint<{ body: typeof companyCreateSchema; response: typeof companySchema }>()({ method: 'POST', path: '/companies' }),
  update: endpoint<{ body: typeof companyUpdateSchema; response: typeof companySchema }>()({ method: 'PUT', path: '/companies/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/companies/:id' }),
  advanceDueDate: endpoint<{ response: typeof companySchema }>()({ method: 'POST', path: '/companies/:id/advance-due-date' }),
  setSchedules: endpoint<{ body: typeof companySchedulesSchema; response: typeof companySchema }>()({ method: 'PUT', path: '/companies/:id/schedules' }),
  /** Every company, unpaged (the super user). */
  list: endpoint<{ response: z.ZodArray<typeof companySchema> }>()({ method: 'GET', path: '/companies/list' }),
  /** A company's plan and plan flags (its own, or any for the super user). */
  listPlan: endpoint<{ response: z.ZodUnknown }>()({ method: 'GET', path: '/companies/listPlan/:companyId' }),
};

/** Settings of the company and of the platform. */
export const SETTING_ENDPOINTS = {
  list: endpoint<{ response: z.ZodArray<typeof settingSchema> }>()({ method: 'GET', path: '/settings' }),
  update: endpoint<{ body: typeof settingUpdateSchema; response: typeof settingSchema }>()({ method: 'PUT', path: '/settings/:key' }),
  listGlobal: endpoint<{ response: z.ZodArray<typeof settingSchema> }>()({ method: 'GET', path: '/settings/global' }),
  updateGlobal: endpoint<{ body: typeof settingUpdateSchema; response: typeof settingSchema }>()({ method: 'PUT', path: '/settings/global/:key' }),
};

/** Tickets (core-operations §4, §7). */
export const TICKET_ENDPOINTS = {
  page: endpoint<{ query: typeof ticketListQuerySchema; response: typeof ticketPageSchema }>()({ method: 'GET', path: '/tickets' }),
  count: endpoint<{ query: typeof ticketCountQuerySchema; response: typeof ticketCountSchema }>()({ method: 'GET', path: '/tickets/count' }),
  show: endpoint<{ response: typeof ticketSchema }>()({ method: 'GET', path: '/tickets/:id' }),
  showByUuid: endpoint<{ response: typeof ticketSchema }>()({ method: 'GET', path: '/tickets/u/:uuid' }),
  create: endpoint<{ body: typeof ticketCreateSchema; response: typeof ticketSchema }>()({ method: 'POST', path: '/tickets' }),
  update: endpoint<{ body: typeof ticketUpdateSchema; response: typeof ticketSchema }>()({ method: 'PUT', path: '/tickets/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/tickets/:id' }),
};

/** A ticket's conversation (core-operations §4, §7). */
export const MESSAGE_ENDPOINTS = {
  page: endpoint<{ query: typeof messagePageQuerySchema; response: typeof messagePageSchema }>()({ method: 'GET', path: '/messages/:ticketId' }),
  send: endpoint<{ body: typeof sendMessageSchema; response: typeof messageSchema }>()({ method: 'POST', path: '/messages/:ticketId' }),
  /** Files in `medias` plus the fields of `sendMediaFieldsSchema`; one message per file. */
  sendMedia: endpoint<{ body: typeof formDataBody; response: z.ZodUnion<readonly [typeof messageSchema, z.ZodArray<typeof messageSchema>]> }>()({ method: 'POST', path: '/messages/:ticketId' }),
  /** Answers the edited message, or nothing when the edit was queued for a message not stored yet. */
  edit: endpoint<{ body: typeof editMessageSchema; response: z.ZodOptional<typeof messageSchema> }>()({ method: 'PUT', path: '/messages/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/messages/:id' }),
  markRead: endpoint()({ method: 'POST', path: '/messages/:ticketId/read' }),
};

/** Notes on a ticket and its contact (core-operations §5). */
export const TICKET_NOTE_ENDPOINTS = {
  list: endpoint<{ query: typeof ticketNoteQuerySchema; response: z.ZodArray<typeof ticketNoteSchema> }>()({ method: 'GET', path: '/ticket-notes/list' }),
  create: endpoint<{ body: typeof ticketNoteInputSchema; response: typeof ticketNoteSchema }>()({ method: 'POST', path: '/ticket-notes' }),
  remove: endpoint()({ method: 'DELETE', path: '/ticket-notes/:id' }),
};

/** The queue options tree (core-operations §3). */
export const QUEUE_OPTION_ENDPOINTS = {
  list: endpoint<{ query: typeof queueOptionQuerySchema; response: z.ZodArray<typeof queueOptionSchema> }>()({ method: 'GET', path: '/queue-options' }),
  create: endpoint<{ body: typeof queueOptionInputSchema; response: typeof queueOptionSchema }>()({ method: 'POST', path: '/queue-options' }),
  update: endpoint<{ body: typeof queueOptionUpdateSchema; response: typeof queueOptionSchema }>()({ method: 'PUT', path: '/queue-options/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/queue-options/:id' }),
};

/** Sign-in, the session, sign-up and password reset (core-operations §1, commercial-admin §2). */
export const AUTH_ENDPOINTS = {
  login: endpoint<{ body: typeof loginRequestSchema; response: typeof authResponseSchema }>()({ method: 'POST', path: '/auth/login' }),
  me: endpoint<{ response: typeof sessionUserSchema }>()({ method: 'GET', path: '/auth/me' }),
  logout: endpoint()({ method: 'DELETE', path: '/auth/logout' }),
  setLanguage: endpoint()({ method: 'POST', path: '/users/set-language/:lang' }),
  forgotPassword: endpoint<{ response: typeof forgotPasswordAnswerSchema }>()({ method: 'POST', path: '/forgetpsw/:email' }),
  resetPassword: endpoint<{ body: typeof resetPasswordSchema; response: typeof resetPasswordAnswerSchema }>()({ method: 'POST', path: '/resetpasswords' }),
  signup: endpoint<{ body: typeof signupSchema; response: typeof signupAnswerSchema }>()({ method: 'POST', path: '/companies/cadastro' }),
  /** A new access token from the refresh cookie (rotated). */
  refresh: endpoint<{ response: typeof authResponseSchema }>()({ method: 'POST', path: '/auth/refresh_token' }),
};

/** The sandbox phone (a WhatsApp without a phone, for demos and tests). */
export const SANDBOX_ENDPOINTS = {
  outbox: endpoint<{ query: typeof sandboxOutboxQuerySchema; response: z.ZodArray<typeof sandboxOutboxItemSchema> }>()({ method: 'GET', path: '/sandbox/:id/messages' }),
  send: endpoint<{ body: typeof sandboxInboundSchema }>()({ method: 'POST', path: '/sandbox/:id/messages' }),
  /** The sandbox phone edits or deletes a message it sent. */
  change: endpoint<{ body: typeof sandboxChangeSchema }>()({ method: 'POST', path: '/sandbox/:id/changes' }),
  /** "Scans" the connection's QR code, linking the sandbox phone. */
  scan: endpoint<{ body: EmptyBody }>()({ method: 'POST', path: '/sandbox/:id/scan' }),
  /** The sandbox phone calls the connection. */
  call: endpoint<{ body: z.ZodUnknown; response: z.ZodUnknown }>()({ method: 'POST', path: '/sandbox/:id/calls' }),
  calls: endpoint<{ response: z.ZodUnknown }>()({ method: 'GET', path: '/sandbox/:id/calls' }),
  /** The sandbox phone's address book, as WhatsApp would sync it. */
  contacts: endpoint<{ body: z.ZodUnknown; response: z.ZodUnknown }>()({ method: 'POST', path: '/sandbox/:id/contacts' }),
};

/** The plugins the signed-in company may use, and the public pages of every plugin. */
export const PLUGIN_ENDPOINTS = {
  list: endpoint<{ response: typeof pluginListResponseSchema }>()({ method: 'GET', path: '/plugins' }),
  public: endpoint<{ response: typeof pluginListResponseSchema }>()({ method: 'GET', path: '/plugins/public' }),
  planFeatures: endpoint<{ response: typeof planFeatureListSchema }>()({ method: 'GET', path: '/plugins/plan-features' }),
};

/**
 * The external message API (issue 34 item 1): authenticated by a connection's token, not a user's
 * session. Listed before the ticket routes: `/messages/send` must win over `/messages/:ticketId`.
 */
export const EXTERNAL_API_ENDPOINTS = {
  send: endpoint<{ body: typeof externalSendSchema; response: typeof externalSendAnswerSchema }>()({ method: 'POST', path: '/messages/send' }),
};

/** Health probes, media files and the API's own documentation. */
export const OPERATION_ENDPOINTS = {
  health: endpoint<{ response: z.ZodUnknown }>()({ method: 'GET', path: '/health' }),
  live: endpoint<{ response: z.ZodUnknown }>()({ method: 'GET', path: '/health/live' }),
  ready: endpoint<{ response: z.ZodUnknown }>()({ method: 'GET', path: '/health/ready' }),
  /** A media file of the caller's company. */
  media: endpoint<{ response: typeof blobResponse }>()({ method: 'GET', path: '/media/:name', blob: true }),
  /** The OpenAPI 3.1 document of every route (kernel and loaded plugins). */
  openapi: endpoint<{ response: z.ZodUnknown }>()({ method: 'GET', path: '/docs/openapi.json' }),
  /** The same, as a readable HTML page. */
  docs: endpoint<{ response: typeof blobResponse }>()({ method: 'GET', path: '/docs', blob: true }),
};

/** Every endpoint group of the kernel (a test checks each one against the server's routes). */
export const KERNEL_ENDPOINTS = {
  externalApi: EXTERNAL_API_ENDPOINTS,
  contacts: CONTACT_ENDPOINTS,
  queues: QUEUE_ENDPOINTS,
  tags: TAG_ENDPOINTS,
  quickMessages: QUICK_MESSAGE_ENDPOINTS,
  connections: CONNECTION_ENDPOINTS,
  users: USER_ENDPOINTS,
  plans: PLAN_ENDPOINTS,
  companies: COMPANY_ENDPOINTS,
  settings: SETTING_ENDPOINTS,
  tickets: TICKET_ENDPOINTS,
  messages: MESSAGE_ENDPOINTS,
  ticketNotes: TICKET_NOTE_ENDPOINTS,
  queueOptions: QUEUE_OPTION_ENDPOINTS,
  auth: AUTH_ENDPOINTS,
  sandbox: SANDBOX_ENDPOINTS,
  plugins: PLUGIN_ENDPOINTS,
  operations: OPERATION_ENDPOINTS,
} as const;
