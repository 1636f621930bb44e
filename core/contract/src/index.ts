export * from './errors.js';
export * from './partial-update.js';
export * from './auth.js';
export * from './plans.js';
export * from './permissions.js';
export * from './plugins.js';
export * from './realtime.js';
export * from './health.js';

/** The version the drawer shows to admins (core-operations §2 names 8.0.1 for the product it mirrors). */
export const APP_VERSION = '0.1.0';
export * from './common.js';
export * from './plan-api.js';
export * from './companies.js';
export * from './users.js';
export * from './queues.js';
export * from './settings.js';
export * from './password-reset.js';
export * from './connections.js';
export * from './tickets.js';
export * from './messages.js';
export * from './sandbox.js';
export * from './contacts.js';
export * from './queue-options.js';
export * from './tags.js';
export * from './ticket-notes.js';
export * from './quick-messages.js';
export * from './events.js';
export * from './socket-events.js';
