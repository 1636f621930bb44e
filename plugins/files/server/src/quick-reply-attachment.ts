import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { QUICK_MESSAGE_ATTACHMENTS } from '@atende/sdk-server';
import { FILE_LIST_ATTACHMENT_KIND } from '@atende/plugin-files-contract';
import { FilesService } from './files.service.js';
import { FilesSenderService } from './files-sender.service.js';

/**
 * A quick reply may carry a file list (issue 38 item 11): the kernel's QUICK_MESSAGE_ATTACHMENTS point
 * asks this plugin to check a list when the reply is saved (it must be the user's company's; its name is
 * the label) and to send it when an agent uses the reply, the way the ticket toolbar's button does.
 */
@Injectable()
export class QuickReplyAttachment implements OnModuleInit, OnModuleDestroy {
  private off: (() => void) | null = null;

  constructor(
    private readonly files: FilesService,
    private readonly sender: FilesSenderService,
  ) {}

  onModuleInit(): void {
    this.off = QUICK_MESSAGE_ATTACHMENTS.register(FILE_LIST_ATTACHMENT_KIND, {
      describe: async (user, id) => ({ label: (await this.files.show(user.companyId, id)).name }),
      send: async (user, ticketId, id) => ({ messageIds: await this.sender.sendMessages(user, id, ticketId) }),
    });
  }

  onModuleDestroy(): void {
    this.off?.();
  }
}
