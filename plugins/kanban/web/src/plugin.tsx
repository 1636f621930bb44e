import { ProjectOutlined } from '@ant-design/icons';
import { defineWebPlugin } from '@atende/sdk-web';
import { KANBAN_MANIFEST } from '@atende/plugin-kanban-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'kanban',
  manifest: KANBAN_MANIFEST,
  pages: { board: () => import('./KanbanPage.js') },
  menu: [{ path: KANBAN_MANIFEST.pages.board.path, icon: ProjectOutlined }],
  locales,
});
