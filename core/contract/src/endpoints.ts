import { z } from 'zod';
import { pageQuerySchema } from './common.js';
import { contactInputSchema, contactPageSchema, contactPhoneImportResultSchema, contactPhoneImportSchema, contactSchema, contactUpdateSchema } from './contacts.js';
import { connectionInputSchema, connectionSchema, connectionUpdateSchema, sessionStartSchema } from './connections.js';
import { userCreateSchema, userSchema, userUpdateSchema } from './users.js';
import { planInputSchema, planSchema, planUpdateSchema } from './plan-api.js';
import { companyCreateSchema, companySchedulesSchema, companySchema, companyUpdateSchema } from './companies.js';
import { settingSchema, settingUpdateSchema } from './settings.js';
import { queueInputSchema, queueSchema, queueUpdateSchema } from './queues.js';
import { tagInputSchema, tagPageSchema, tagSchema, tagUpdateSchema } from './tags.js';
import { quickMessageInputSchema, quickMessagePageSchema, quickMessageSchema, quickMessageUpdateSchema } from './quick-messages.js';

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
}

export function endpoint<const M extends HttpMethod, const P extends string, Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever, R extends z.ZodType = z.ZodVoid>(e: {
  method: M;
  path: P;
  query?: Q;
  body?: B;
  response?: R;
}): Endpoint<M, P, Q, B, R> {
  return e;
}

/** The `:name` parameters of a path (letters, digits and underscores). */
export type PathParams<P extends string> = P extends `${string}:${infer K}/${infer Rest}` ? K | PathParams<`/${Rest}`> : P extends `${string}:${infer K}` ? K : never;

/** Contacts (core-operations §7). */
export const CONTACT_ENDPOINTS = {
  page: endpoint({ method: 'GET', path: '/contacts', query: pageQuerySchema, response: contactPageSchema }),
  show: endpoint({ method: 'GET', path: '/contacts/:id', response: contactSchema }),
  create: endpoint({ method: 'POST', path: '/contacts', body: contactInputSchema, response: contactSchema }),
  update: endpoint({ method: 'PUT', path: '/contacts/:id', body: contactUpdateSchema, response: contactSchema }),
  remove: endpoint({ method: 'DELETE', path: '/contacts/:id' }),
  importFromPhone: endpoint({ method: 'POST', path: '/contacts/import', body: contactPhoneImportSchema, response: contactPhoneImportResultSchema }),
};

/** Queues (core-operations §3). */
export const QUEUE_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/queue', response: z.array(queueSchema) }),
  show: endpoint({ method: 'GET', path: '/queue/:id', response: queueSchema }),
  create: endpoint({ method: 'POST', path: '/queue', body: queueInputSchema, response: queueSchema }),
  update: endpoint({ method: 'PUT', path: '/queue/:id', body: queueUpdateSchema, response: queueSchema }),
  remove: endpoint({ method: 'DELETE', path: '/queue/:id' }),
};

/** Tags. */
export const TAG_ENDPOINTS = {
  page: endpoint({ method: 'GET', path: '/tags', query: pageQuerySchema, response: tagPageSchema }),
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
  show: endpoint({ method: 'GET', path: '/users/:id', response: userSchema }),
  create: endpoint({ method: 'POST', path: '/users', body: userCreateSchema, response: userSchema }),
  update: endpoint({ method: 'PUT', path: '/users/:id', body: userUpdateSchema, response: userSchema }),
  remove: endpoint({ method: 'DELETE', path: '/users/:id' }),
};

/** Plans (the super user's settings tab). */
export const PLAN_ENDPOINTS = {
  all: endpoint({ method: 'GET', path: '/plans/all', response: z.array(planSchema) }),
  create: endpoint({ method: 'POST', path: '/plans', body: planInputSchema, response: planSchema }),
  update: endpoint({ method: 'PUT', path: '/plans/:id', body: planUpdateSchema, response: planSchema }),
  remove: endpoint({ method: 'DELETE', path: '/plans/:id' }),
};

/** Companies (the super user's settings tab; a company's own schedules). */
export const COMPANY_ENDPOINTS = {
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
