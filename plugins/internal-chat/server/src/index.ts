import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { INTERNAL_CHAT_MANIFEST, INTERNAL_CHAT_PERMISSIONS } from '@atende/plugin-internal-chat-contract';
import { ChatsController } from './chats.controller.js';
import { ChatsRealtime } from './chats.realtime.js';
import { ChatsService } from './chats.service.js';
import { InternalChatInit } from './migrations/internal-chat_0001_init.js';

@Module({ controllers: [ChatsController], providers: [ChatsService, ChatsRealtime] })
export class InternalChatModule {}

/** Offered only to plans with useInternalChat: the kernel refuses every route (403) and hides the page otherwise. */
export default definePlugin({
  id: 'internal-chat',
  // The spec's paths, answered by the plugin's routes under /api/internal-chat/ (issue 29 item 3).
  apiAliases: [
    'GET /chats',
    'GET /chats/:id',
    'POST /chats',
    'PUT /chats/:id',
    'DELETE /chats/:id',
    'POST /chats/:id/read',
    'GET /chats/:id/messages',
    'POST /chats/:id/messages',
  ],
  version: '0.1.0',
  planFlag: 'useInternalChat',
  module: InternalChatModule,
  migrations: [{ name: 'internal-chat_0001_init', class: InternalChatInit }],
  permissions: INTERNAL_CHAT_PERMISSIONS,
  manifest: INTERNAL_CHAT_MANIFEST,
  web: { package: '@atende/plugin-internal-chat-web' },
});
