import { Inject, Injectable } from '@nestjs/common';
import { AppError, MESSAGES, TICKETS, type AuthUser, type Messages, type Tickets } from '@atende/sdk-server';
import type { FileListSendResult } from '@atende/plugin-files-contract';
import { FilesService } from './files.service.js';
import { fileListSends } from './file-list-sends.js';

/**
 * Sends a file list into a conversation (issue 38 item 11; the Whaticket family's "send file list"):
 * the list's message first, then each option that has a file, captioned with the option's name. Only
 * to a ticket the user may see (the kernel's visibility rule, through TICKETS.find with the viewer),
 * through the MESSAGES port, so each message is stored, shown and queued like an agent's.
 */
@Injectable()
export class FilesSenderService {
  constructor(
    private readonly files: FilesService,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(MESSAGES) private readonly messages: Messages,
  ) {}

  async send(user: AuthUser, listId: number, ticketId: number): Promise<FileListSendResult> {
    return { sent: (await this.sendMessages(user, listId, ticketId)).length };
  }

  /** Sends the list and answers the stored messages' ids, in the order they go out. */
  async sendMessages(user: AuthUser, listId: number, ticketId: number): Promise<number[]> {
    const [ticket] = await this.tickets.find(user.companyId, { viewerUserId: user.id, ids: [ticketId] });
    if (!ticket) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    const list = await this.files.show(user.companyId, listId);
    const withFiles = list.options.filter((o) => o.path);
    // A list with nothing to send is refused before anything leaves (no half-sent list).
    if (!withFiles.length && !list.message.trim()) throw AppError.validation([{ path: 'options', message: 'empty_list' }]);
    const ids: number[] = [];
    // In order, one after another: the customer sees the message, then the files as listed.
    for (const message of fileListSends(list, (text) => text)) ids.push((await this.messages.sendToTicket(user.companyId, ticket.id, { ...message, source: 'files' })).messageId);
    return ids;
  }
}
