import { z } from 'zod';
import { pageQuerySchema } from './common.js';
import { contactImportResultSchema, contactInputSchema, contactPageSchema, contactPhoneImportResultSchema, contactPhoneImportSchema, contactSchema, contactUpdateSchema } from './contacts.js';
import { connectionInputSchema, connectionSchema, connectionUpdateSchema, sessionStartSchema } from './connections.js';
import { planInputSchema, planSchema, planUpdateSchema } from './plan-api.js';
import { settingSchema, settingUpdateSchema } from './settings.js';
import { queueInputSchema, queueSchema, queueUpdateSchema } from './queues.js';
import { quickMessageInputSchema, quickMessagePageSchema, quickMessageSchema, quickMessageUpdateSchema } from './quick-messages.js';
import { userCreateSchema, userOptionSchema, userPageSchema, userSchema, userUpdateSchema } from './users.js';
import { companyCreateSchema, companyListQuerySchema, companyPageSchema, companySchedulesSchema, companySchema, companyUpdateSchema, signupSchema } from './companies.js';
import { tagInputSchema, tagPageSchema, tagSchema, tagSyncSchema, tagUpdateSchema } from './tags.js';
import { ticketCountQuerySchema, ticketCountSchema, ticketCreateSchema, ticketListQuerySchema, ticketPageSchema, ticketSchema, ticketUpdateSchema } from './tickets.js';
import { editMessageSchema, messagePageQuerySchema, messagePageSchema, messageSchema, sendMessageSchema } from './messages.js';
import { ticketNoteInputSchema, ticketNoteQuerySchema, ticketNoteSchema } from './ticket-notes.js';
import { queueOptionInputSchema, queueOptionQuerySchema, queueOptionSchema, queueOptionUpdateSchema } from './queue-options.js';
import { authResponseSchema, loginRequestSchema, sessionUserSchema } from './auth.js';
import { resetPasswordSchema } from './password-reset.js';
import { sandboxInboundSchema, sandboxOutboxItemSchema, sandboxOutboxQuerySchema } from './sandbox.js';
import { pluginListResponseSchema } from './plugins.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call as the contract knows it (issue 12 item 5): method, path (with `:name` parameters),
 * and the schemas of its query, body and answer. The web SDK's `call(endpoint, …)` types the
 * parameters, body and result from it, so a screen never spells a path or a payload type itself.
 */
export interface Endpoint<M extends HttpMethod = HttpMethod, P extends string = string, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: M;
  path: P;
  query?: Q;
  body?: B;
  response?: R;
  /** The answer is a file (`Blob`), not JSON. */
  blob?: true;
}

export function endpoint<const M extends HttpMethod, const P extends string, Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever, R extends z.ZodType = z.ZodVoid>(e: {
  method: M;
  path: P;
  query?: Q;
  body?: B;
  response?: R;
  blob?: true;
}): Endpoint<M, P, Q, B, R> {
  return e;
}

/** The `:name` parameters of a path (letters, digits and underscores). */
export type PathParams<P extends string> = P extends `${string}:${infer K}/${infer Rest}` ? K | PathParams<`/${Rest}`> : P extends `${string}:${infer K}` ? K : never;

/** A multipart body (files and fields), sent as the browser's `FormData`. */
export const formDataBody = z.custom<FormData>((v) => typeof FormData !== 'undefined' && v instanceof FormData, 'multipart_expected');
/** A file answer (exports, media behind the bearer token). */
export const blobResponse = z.custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob);

/** Contacts (core-operations §7). */
export const CONTACT_ENDPOINTS = {
  page: endpoint({ method: 'GET', path: '/contacts', query: pageQuerySchema, response: contactPageSchema }),
  show: endpoint({ method: 'GET', path: '/contacts/:id', response: contactSchema }),
  create: endpoint({ method: 'POST', path: '/contacts', body: contactInputSchema, response: contactSchema }),
  update: endpoint({ method: 'PUT', path: '/contacts/:id', body: contactUpdateSchema, response: contactSchema }),
  remove: endpoint({ method: 'DELETE', path: '/contacts/:id' }),
  importFromPhone: endpoint({ method: 'POST', path: '/contacts/import', body: contactPhoneImportSchema, response: contactPhoneImportResultSchema }),
  /** A spreadsheet (field `file`) of contacts to import. */
  upload: endpoint({ method: 'POST', path: '/contacts/upload', body: formDataBody, response: contactImportResultSchema }),
  export: endpoint({ method: 'GET', path: '/contacts/export', response: blobResponse, blob: true }),
};

/** Queues (core-operations §3). */
export const QUEUE_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/queue', response: z.array(queueSchema) }),
  /** Id, name and colour of every queue, for any signed-in user (the transfer modal). */
  names: endpoint({ method: 'GET', path: '/queue/names', response: z.array(queueSchema.pick({ id: true, name: true, color: true })) }),
  show: endpoint({ method: 'GET', path: '/queue/:id', response: queueSchema }),
  create: endpoint({ method: 'POST', path: '/queue', body: queueInputSchema, response: queueSchema }),
  update: endpoint({ method: 'PUT', path: '/queue/:id', body: queueUpdateSchema, response: queueSchema }),
  remove: endpoint({ method: 'DELETE', path: '/queue/:id' }),
};

/** Tags. */
export const TAG_ENDPOINTS = {
  page: endpoint({ method: 'GET', path: '/tags', query: pageQuerySchema, response: tagPageSchema }),
  list: endpoint({ method: 'GET', path: '/tags/list', response: z.array(tagSchema) }),
  /** Replaces a ticket's tags; answers the ticket. */
  sync: endpoint({ method: 'POST', path: '/tags/sync', body: tagSyncSchema, response: ticketSchema }),
  show: endpoint({ method: 'GET', path: '/tags/:id', response: tagSchema }),
  create: endpoint({ method: 'POST', path: '/tags', body: tagInputSchema, response: tagSchema }),
  update: endpoint({ method: 'PUT', path: '/tags/:id', body: tagUpdateSchema, response: tagSchema }),
  remove: endpoint({ method: 'DELETE', path: '/tags/:id' }),
};

/** Quick messages (the attachment goes through `uploadWithProgress` to `/quick-messages/:id/media-upload`). */
export const QUICK_MESSAGE_ENDPOINTS = {
  page: endpoint({ method: 'GET', path: '/quick-messages', query: pageQuerySchema, response: quickMessagePageSchema }),
  list: endpoint({ method: 'GET', path: '/quick-messages/list', response: z.array(quickMessageSchema) }),
  create: endpoint({ method: 'POST', path: '/quick-messages', body: quickMessageInputSchema, response: quickMessageSchema }),
  update: endpoint({ method: 'PUT', path: '/quick-messages/:id', body: quickMessageUpdateSchema, response: quickMessageSchema }),
  remove: endpoint({ method: 'DELETE', path: '/quick-messages/:id' }),
  removeMedia: endpoint({ method: 'DELETE', path: '/quick-messages/:id/media-upload', response: quickMessageSchema }),
};

const sessionAnswer = z.object({ message: z.string() });

/** WhatsApp connections and their sessions (core-operations §5). */
export const CONNECTION_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/whatsapp', response: z.array(connectionSchema) }),
  show: endpoint({ method: 'GET', path: '/whatsapp/:id', response: connectionSchema }),
  create: endpoint({ method: 'POST', path: '/whatsapp', body: connectionInputSchema, response: connectionSchema }),
  update: endpoint({ method: 'PUT', path: '/whatsapp/:id', body: connectionUpdateSchema, response: connectionSchema }),
  remove: endpoint({ method: 'DELETE', path: '/whatsapp/:id' }),
  startSession: endpoint({ method: 'POST', path: '/whatsappsession/:id', body: sessionStartSchema, response: sessionAnswer }),
  restartSession: endpoint({ method: 'PUT', path: '/whatsappsession/:id', body: z.object({}), response: sessionAnswer }),
  endSession: endpoint({ method: 'DELETE', path: '/whatsappsession/:id', response: sessionAnswer }),
};

/** Users (core-operations §4). */
export const USER_ENDPOINTS = {
  page: endpoint({ method: 'GET', path: '/users', query: pageQuerySchema, response: userPageSchema }),
  /** Names only, for every signed-in user (the transfer modal). */
  names: endpoint({ method: 'GET', path: '/users/list', response: z.array(userOptionSchema) }),
  show: endpoint({ method: 'GET', path: '/users/:id', response: userSchema }),
  create: endpoint({ method: 'POST', path: '/users', body: userCreateSchema, response: userSchema }),
  update: endpoint({ method: 'PUT', path: '/users/:id', body: userUpdateSchema, response: userSchema }),
  remove: endpoint({ method: 'DELETE', path: '/users/:id' }),
};

/** Plans (the super user's settings tab). */
export const PLAN_ENDPOINTS = {
  all: endpoint({ method: 'GET', path: '/plans/all', response: z.array(planSchema) }),
  /** The public plans (sign-up). */
  publicList: endpoint({ method: 'GET', path: '/plans/list', response: z.array(planSchema) }),
  create: endpoint({ method: 'POST', path: '/plans', body: planInputSchema, response: planSchema }),
  update: endpoint({ method: 'PUT', path: '/plans/:id', body: planUpdateSchema, response: planSchema }),
  remove: endpoint({ method: 'DELETE', path: '/plans/:id' }),
};

/** Companies (the super user's settings tab; a company's own schedules). */
export const COMPANY_ENDPOINTS = {
  page: endpoint({ method: 'GET', path: '/companies', query: companyListQuerySchema, response: companyPageSchema }),
  show: endpoint({ method: 'GET', path: '/companies/:id', response: companySchema }),
  create: endpoint({ method: 'POST', path: '/companies', body: companyCreateSchema, response: companySchema }),
  update: endpoint({ method: 'PUT', path: '/companies/:id', body: companyUpdateSchema, response: companySchema }),
  remove: endpoint({ method: 'DELETE', path: '/companies/:id' }),
  advanceDueDate: endpoint({ method: 'POST', path: '/companies/:id/advance-due-date', response: companySchema }),
  setSchedules: endpoint({ method: 'PUT', path: '/companies/:id/schedules', body: companySchedulesSchema, response: companySchema }),
};

/** Settings of the company and of the platform. */
export const SETTING_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/settings', response: z.array(settingSchema) }),
  update: endpoint({ method: 'PUT', path: '/settings/:key', body: settingUpdateSchema, response: settingSchema }),
  listGlobal: endpoint({ method: 'GET', path: '/settings/global', response: z.array(settingSchema) }),
  updateGlobal: endpoint({ method: 'PUT', path: '/settings/global/:key', body: settingUpdateSchema, response: settingSchema }),
};

/** Tickets (core-operations §4, §7). */
export const TICKET_ENDPOINTS = {
  page: endpoint({ method: 'GET', path: '/tickets', query: ticketListQuerySchema, response: ticketPageSchema }),
  count: endpoint({ method: 'GET', path: '/tickets/count', query: ticketCountQuerySchema, response: ticketCountSchema }),
  show: endpoint({ method: 'GET', path: '/tickets/:id', response: ticketSchema }),
  showByUuid: endpoint({ method: 'GET', path: '/tickets/u/:uuid', response: ticketSchema }),
  create: endpoint({ method: 'POST', path: '/tickets', body: ticketCreateSchema, response: ticketSchema }),
  update: endpoint({ method: 'PUT', path: '/tickets/:id', body: ticketUpdateSchema, response: ticketSchema }),
  remove: endpoint({ method: 'DELETE', path: '/tickets/:id' }),
};

/** A ticket's conversation (core-operations §4, §7). */
export const MESSAGE_ENDPOINTS = {
  page: endpoint({ method: 'GET', path: '/messages/:ticketId', query: messagePageQuerySchema, response: messagePageSchema }),
  send: endpoint({ method: 'POST', path: '/messages/:ticketId', body: sendMessageSchema, response: messageSchema }),
  /** Files in `medias` plus the fields of `sendMediaFieldsSchema`; one message per file. */
  sendMedia: endpoint({ method: 'POST', path: '/messages/:ticketId', body: formDataBody, response: z.union([messageSchema, z.array(messageSchema)]) }),
  /** Answers the edited message, or nothing when the edit was queued for a message not stored yet. */
  edit: endpoint({ method: 'PUT', path: '/messages/:id', body: editMessageSchema, response: messageSchema.optional() }),
  remove: endpoint({ method: 'DELETE', path: '/messages/:id' }),
  markRead: endpoint({ method: 'POST', path: '/messages/:ticketId/read' }),
};

/** Notes on a ticket and its contact (core-operations §5). */
export const TICKET_NOTE_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/ticket-notes/list', query: ticketNoteQuerySchema, response: z.array(ticketNoteSchema) }),
  create: endpoint({ method: 'POST', path: '/ticket-notes', body: ticketNoteInputSchema, response: ticketNoteSchema }),
  remove: endpoint({ method: 'DELETE', path: '/ticket-notes/:id' }),
};

/** The queue options tree (core-operations §3). */
export const QUEUE_OPTION_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/queue-options', query: queueOptionQuerySchema, response: z.array(queueOptionSchema) }),
  create: endpoint({ method: 'POST', path: '/queue-options', body: queueOptionInputSchema, response: queueOptionSchema }),
  update: endpoint({ method: 'PUT', path: '/queue-options/:id', body: queueOptionUpdateSchema, response: queueOptionSchema }),
  remove: endpoint({ method: 'DELETE', path: '/queue-options/:id' }),
};

export const forgotPasswordAnswerSchema = z.object({ sent: z.literal(true) });
export const resetPasswordAnswerSchema = z.object({ ok: z.literal(true) });
export const signupAnswerSchema = z.object({ id: z.number().int(), name: z.string() });

/** Sign-in, the session, sign-up and password reset (core-operations §1, commercial-admin §2). */
export const AUTH_ENDPOINTS = {
  login: endpoint({ method: 'POST', path: '/auth/login', body: loginRequestSchema, response: authResponseSchema }),
  me: endpoint({ method: 'GET', path: '/auth/me', response: sessionUserSchema }),
  logout: endpoint({ method: 'DELETE', path: '/auth/logout' }),
  setLanguage: endpoint({ method: 'POST', path: '/users/set-language/:lang' }),
  forgotPassword: endpoint({ method: 'POST', path: '/forgetpsw/:email', response: forgotPasswordAnswerSchema }),
  resetPassword: endpoint({ method: 'POST', path: '/resetpasswords', body: resetPasswordSchema, response: resetPasswordAnswerSchema }),
  signup: endpoint({ method: 'POST', path: '/companies/cadastro', body: signupSchema, response: signupAnswerSchema }),
};

/** The sandbox phone (a WhatsApp without a phone, for demos and tests). */
export const SANDBOX_ENDPOINTS = {
  outbox: endpoint({ method: 'GET', path: '/sandbox/:id/messages', query: sandboxOutboxQuerySchema, response: z.array(sandboxOutboxItemSchema) }),
  send: endpoint({ method: 'POST', path: '/sandbox/:id/messages', body: sandboxInboundSchema }),
  /** "Scans" the connection's QR code, linking the sandbox phone. */
  scan: endpoint({ method: 'POST', path: '/sandbox/:id/scan', body: z.object({}) }),
};

/** The plugins the signed-in company may use, and the public pages of every plugin. */
export const PLUGIN_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/plugins', response: pluginListResponseSchema }),
  public: endpoint({ method: 'GET', path: '/plugins/public', response: pluginListResponseSchema }),
};

/** Every endpoint group of the kernel (a test checks each one against the server's routes). */
export const KERNEL_ENDPOINTS = {
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
} as const;
