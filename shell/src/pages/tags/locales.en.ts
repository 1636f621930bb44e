import type { Tree } from './locales.js';

/** English texts of this area, loaded when the language is chosen. */
export const en: Tree = {
  tags: {
    title: 'Tags',
    search: 'Search tag…',
    add: 'Add tag',
    empty: 'No tags yet.',
    name: 'Name',
    color: 'Colour',
    tickets: 'Tickets',
    kanban: 'Kanban',
    kanbanHint: 'Show as a column on the kanban board.',
    addTitle: 'New tag',
    editTitle: 'Edit tag',
    saved: 'Tag saved.',
    deleted: 'Tag deleted.',
    confirmDelete: 'Delete the tag {{name}}? It is removed from the tickets that have it.',
    tooShort: 'Message too short',
    required: 'Required',
    tooLong: 'Too long',
    invalidColor: 'Invalid colour',
    nameInUse: 'A tag with this name already exists.',
    quickAdd: 'Quick tag',
    quickPlaceholder: 'Tag name',
    create: 'Create',
    modeDisplay: 'View',
    modeEdit: 'Edit',
    ticketsCount: '{{n}} tickets',
  },
};
