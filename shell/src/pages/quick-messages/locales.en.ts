import type { Tree } from './locales.js';

/** English texts of this area, loaded when the language is chosen. */
export const en: Tree = {
  quickMessages: {
    title: 'Quick messages',
    search: 'Search shortcut or message…',
    add: 'Add quick message',
    empty: 'No quick messages yet.',
    shortcode: 'Shortcut',
    shortcodeHint: 'Type /{{code}} in the conversation to use it.',
    message: 'Message',
    shared: 'Shared with the company',
    sharedShort: 'Shared',
    personal: 'Personal',
    attachment: 'Attachment',
    attach: 'Attach file',
    removeAttachment: 'Remove attachment',
    noAttachment: 'No attachment',
    tooBig: 'The file is larger than the {{mb}} MB limit.',
    addTitle: 'New quick message',
    editTitle: 'Edit quick message',
    saved: 'Quick message saved.',
    deleted: 'Quick message deleted.',
    confirmDelete: 'Delete the quick message /{{code}}?',
    required: 'Required',
    tooLong: 'Too long',
  },
};
