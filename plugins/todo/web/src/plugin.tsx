import { CheckSquareOutlined } from '@ant-design/icons';
import { defineWebPlugin } from '@atende/sdk-web';
import { TODO_MANIFEST } from '@atende/plugin-todo-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'todo',
  manifest: TODO_MANIFEST,
  pages: { list: () => import('./TodoPage.js') },
  menu: [{ path: TODO_MANIFEST.pages.list.path, icon: CheckSquareOutlined }],
  locales,
});
