export { BaileysProvider, BaileysSession } from './baileys.provider.js';
export type { BaileysProviderOptions } from './baileys.provider.js';
export type { BaileysLogger, BaileysSocketFactory, BaileysSocketLike } from './socket.js';
export { encryptedStore, MemoryAuthStore } from './auth-store.js';
export type { BaileysAuthStore } from './auth-store.js';
export type { MediaDownloader } from './media.js';
export { PgAuthStore, type Execute } from './pg-auth-store.js';
