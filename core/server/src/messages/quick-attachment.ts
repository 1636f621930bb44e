import { AppError, QUICK_ATTACHMENT_UNAVAILABLE, QUICK_MESSAGE_ATTACHMENTS, type QuickMessageAttachmentKind } from '@atende/sdk-server';

/**
 * The plugin contribution that serves a quick-message attachment kind (issue 38 item 11), or 400
 * ERR_QUICK_ATTACHMENT_UNAVAILABLE when no installed plugin registered it: saved replies whose plugin
 * went away are refused with a reason instead of half-sent.
 */
export function quickAttachmentKind(kind: string): QuickMessageAttachmentKind {
  const contribution = QUICK_MESSAGE_ATTACHMENTS.get(kind);
  if (!contribution) throw new AppError(QUICK_ATTACHMENT_UNAVAILABLE, 400, `No installed plugin sends "${kind}" attachments.`);
  return contribution;
}
