import type { Tree } from './locales.js';

/** English texts of this area, loaded when the language is chosen. */
export const en: Tree = {
  users: {
    title: 'Users',
    add: 'Add user',
    addTitle: 'New user',
    editTitle: 'Edit user',
    name: 'Name',
    email: 'E-mail',
    password: 'Password',
    passwordKeep: 'Leave it blank to keep the current password.',
    creationDisabled: 'User creation is turned off in the company options.',
    currentPassword: 'Current password',
    currentPasswordHelp: 'Needed to change your own password or e-mail.',
    profile: 'Profile',
    superProfile: 'The super user profile is not changed here.',
    queues: 'Queues',
    noQueues: 'No queues',
    whatsapp: 'Default connection',
    noWhatsapp: 'None (the company default)',
    allTicket: 'See tickets without queue',
    enabled: 'Active user',
    status: 'Status',
    online: 'Online',
    offline: 'Offline',
    saved: 'User saved.',
    deleted: 'User deleted.',
    confirmDelete: 'Delete {{name}}? Their open tickets go back to the queue.',
    empty: 'There are no users yet.',
  },
};
