export * from './errors.js';
export * from './validation.js';
export * from './auth.js';
export * from './kernel.js';
export * from './plugin.js';
export * from './channels.js';
export * from './sql.js';
export * from './events.js';
