import { definePluginManifest, endpoint } from '@atende/core-contract';
import type {
  Chat,
  ChatMessage,
  chatInputSchema,
  chatListQuerySchema,
  chatMessageInputSchema,
  chatMessagePageSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatPageSchema,
  chatReadSchema,
  chatSchema,
  chatUpdateSchema,
} from './schemas.js';

export * from './schemas.js';
export * from './limits.js';

/**
 * Internal chat between users of one company (automation-productivity §2–§9), on plans with
 * `useInternalChat`. Every profile may chat; who sees a chat (its participants) and who edits or
 * deletes it (its owner) is checked per chat by the server.
 */
export const INTERNAL_CHAT_PERMISSIONS = {
  'internal-chat:use': ['user', 'supervisor', 'admin', 'super'],
} as const;

export const INTERNAL_CHAT_MANIFEST = definePluginManifest({
  pages: {
    list: { path: '/chats', permission: 'internal-chat:use' },
    chat: { path: '/chats/:chatId', permission: 'internal-chat:use' },
  },
  menu: [{ page: 'list', icon: 'message', permission: 'internal-chat:use', label: { es: 'Chat interno', pt: 'Chat interno', en: 'Internal chat' }, badge: true }],
});

export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 30;

/**
 * Live updates, to the chat's participants only (each one's own sockets). A user taken out of a chat
 * gets a `delete` for it and nothing after. `new-message` carries the chat with its new unread counts.
 */
export const CHAT_EVENT = 'chat';
export type ChatEvent =
  | { action: 'create' | 'update'; record: Chat }
  | { action: 'delete'; id: number }
  | { action: 'new-message'; record: Chat; newMessage: ChatMessage };

/** The chat API, typed for the web's `call()`; the server's routes are checked against it. */
export const CHAT_ENDPOINTS = {
  page: endpoint<{ query: typeof chatListQuerySchema; response: typeof chatPageSchema }>()({ method: 'GET', path: '/chats' }),
  show: endpoint<{ response: typeof chatSchema }>()({ method: 'GET', path: '/chats/:id' }),
  create: endpoint<{ body: typeof chatInputSchema; response: typeof chatSchema }>()({ method: 'POST', path: '/chats' }),
  update: endpoint<{ body: typeof chatUpdateSchema; response: typeof chatSchema }>()({ method: 'PUT', path: '/chats/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/chats/:id' }),
  read: endpoint<{ body: typeof chatReadSchema; response: typeof chatSchema }>()({ method: 'POST', path: '/chats/:id/read' }),
  messages: endpoint<{ query: typeof chatMessagesQuerySchema; response: typeof chatMessagePageSchema }>()({ method: 'GET', path: '/chats/:id/messages' }),
  send: endpoint<{ body: typeof chatMessageInputSchema; response: typeof chatMessageSchema }>()({ method: 'POST', path: '/chats/:id/messages' }),
};
