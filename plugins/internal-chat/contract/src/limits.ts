// Plain numbers, apart from the zod schemas: the web imports these without bundling zod.
export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 4000;
/** A chat names at most this many users besides its owner (a guard on the request size, not a product rule). */
export const CHAT_USERS_MAX = 200;
