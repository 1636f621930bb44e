import { QUICK_ATTACHMENT_KIND_PATTERN } from '@atende/core-contract';
import type { AuthUser } from './auth.js';
import { createExtensionPoint } from './extension-point.js';

/** What a plugin contributes for one kind of quick-message attachment (see QUICK_MESSAGE_ATTACHMENTS). */
export interface QuickMessageAttachmentKind {
  /**
   * Checks that record `id` is one `user` may attach (of the user's company, visible to them) and
   * answers its label for the dialogs; throws an AppError (404 with the plugin's code) otherwise.
   * Called when a quick message is saved with the attachment and again right before it is sent.
   */
  describe(user: AuthUser, id: number): Promise<{ label: string }>;
  /**
   * Sends record `id` into ticket `ticketId` for `user` through the MESSAGES port (the kernel has
   * checked that the user may answer the open ticket). Answers the stored messages' ids in the order
   * they go out.
   */
  send(user: AuthUser, ticketId: number, id: number): Promise<{ messageIds: number[] }>;
}

/**
 * Attachments a plugin lends to quick messages (issue 38 item 11): a quick reply may carry, beside its
 * text and file, one record of a plugin — a file list of the files plugin — that goes out after them
 * when an agent uses the reply. The kernel stores `{ kind, id, label }` on the quick message and calls
 * the kind's contribution; it knows no plugin by name.
 *
 * A plugin registers one contribution per kind, keyed by the kind `<plugin id>.<name>`, in its module's
 * onModuleInit, and removes it in onModuleDestroy:
 *
 *   this.off = QUICK_MESSAGE_ATTACHMENTS.register('files.fileList', { describe, send })
 *
 * An unregistered kind (its plugin is not installed) is refused when a quick message is saved with it
 * and when a reply carrying it is sent (400 ERR_QUICK_ATTACHMENT_UNAVAILABLE), before anything leaves.
 * A plugin behind a plan flag checks the company's plan itself (COMPANIES.hasPlanFlag) and throws.
 */
export const QUICK_MESSAGE_ATTACHMENTS = createExtensionPoint<QuickMessageAttachmentKind>('kernel.quick-message-attachments');

/** The error code of a quick message whose attachment's plugin is not there. */
export const QUICK_ATTACHMENT_UNAVAILABLE = 'ERR_QUICK_ATTACHMENT_UNAVAILABLE';

/** What a kind looks like: `<plugin id>.<name>`, the contribution's key (the API refuses any other). */
export const QUICK_ATTACHMENT_KIND: RegExp = QUICK_ATTACHMENT_KIND_PATTERN;
