import { describe, expect, it } from 'vitest';
import { createExtensionPoint } from './extension-point.js';
import { QUICK_ATTACHMENT_KIND, QUICK_MESSAGE_ATTACHMENTS, type QuickMessageAttachmentKind } from './quick-message-attachments.js';

describe('QUICK_MESSAGE_ATTACHMENTS (issue 38 item 11)', () => {
  it('is the kernel point a plugin registers a kind on, one contribution per kind', async () => {
    const kind: QuickMessageAttachmentKind = {
      describe: async (_user, id) => ({ label: `list ${id}` }),
      send: async (_user, _ticketId, id) => ({ messageIds: [id, id + 1] }),
    };
    const off = QUICK_MESSAGE_ATTACHMENTS.register('test.things', kind);
    // The kernel reaches the same point by its id, whichever copy of the SDK it loaded.
    const seen = createExtensionPoint<QuickMessageAttachmentKind>('kernel.quick-message-attachments').get('test.things');
    expect(await seen?.describe({ id: 1, companyId: 1, profile: 'user', super: false }, 7)).toEqual({ label: 'list 7' });
    expect(() => QUICK_MESSAGE_ATTACHMENTS.register('test.things', kind)).toThrow(/already has/);
    off();
    expect(QUICK_MESSAGE_ATTACHMENTS.get('test.things')).toBeUndefined();
  });

  it('kinds name their plugin', () => {
    expect(QUICK_ATTACHMENT_KIND.test('files.fileList')).toBe(true);
    expect(QUICK_ATTACHMENT_KIND.test('fileList')).toBe(false);
    expect(QUICK_ATTACHMENT_KIND.test('Files.list')).toBe(false);
    expect(QUICK_ATTACHMENT_KIND.test('files.')).toBe(false);
  });
});
