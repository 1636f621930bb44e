import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { KANBAN_MANIFEST, KANBAN_PERMISSIONS } from '@atende/plugin-kanban-contract';
import { KanbanController } from './kanban.controller.js';

@Module({ controllers: [KanbanController] })
export class KanbanModule {}

/**
 * The kanban board (automation-productivity §2, §7): tickets by kanban tag. No table of its own: lanes
 * are the kernel's tags with the kanban flag, cards the tickets the user may see (Tickets and Tags ports).
 */
export default definePlugin({
  id: 'kanban',
  // The spec's paths, answered by the plugin's routes under /api/kanban/ (issue 29 item 3).
  apiAliases: [
    'GET /tags/kanban',
    'GET /ticket/kanban',
    'PUT /ticket-tags/:ticketId/:tagId',
    'DELETE /ticket-tags/:ticketId',
  ],
  version: '0.1.0',
  planFlag: 'useKanban',
  module: KanbanModule,
  permissions: KANBAN_PERMISSIONS,
  manifest: KANBAN_MANIFEST,
  web: { package: '@atende/plugin-kanban-web' },
});
