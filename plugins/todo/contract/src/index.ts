import { definePluginManifest } from '@atende/core-contract';

/**
 * The personal to-do list (automation-productivity §2): kept only in the browser's storage, so the
 * plugin has no API, table or migration. Its server package exists only to declare this manifest
 * (the kernel lists a plugin's page and drawer entry from the server side, `GET /api/plugins`).
 */
export const TODO_PERMISSIONS = {
  'todo:use': ['user', 'supervisor', 'admin', 'super'],
} as const;

export const TODO_MANIFEST = definePluginManifest({
  pages: { list: { path: '/todolist', permission: 'todo:use' } },
  menu: [{ page: 'list', icon: 'todo', permission: 'todo:use', label: { es: 'Tareas', pt: 'Tarefas', en: 'To-do' } }],
});

/** One to-do (automation-productivity §3: text, createdAt, updatedAt; the id tells items apart). */
export interface TodoItem {
  id: string;
  text: string;
  createdAt: string;
  updatedAt: string;
}
