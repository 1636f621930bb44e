/** Local stand-ins for remote services, shared by plugins' tests and the platform's browser tests (no internet in tests). */
export * from './webhook-receiver.js';
export * from './google.js';
