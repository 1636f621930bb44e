export * from './session.model.js';
export * from './api.js';
export * from './realtime.js';
export * from './i18n.js';
export * from './hooks.js';
export * from './errors.js';
export * from './plugin.js';
export * from './zones.js';
