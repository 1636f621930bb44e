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
export * from './tenancy.js';
export * from './channels.js';
export * from './events.js';
