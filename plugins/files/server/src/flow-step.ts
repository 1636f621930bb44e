import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createExtensionPoint } from '@atende/sdk-server';
import { FLOW_NODE_EXECUTORS, type FlowNodeOf, type NodeExecutionContext, type NodeExecutor, type NodeResult } from '@atende/plugin-flowbuilder-contract';
import { FilesService } from './files.service.js';
import { fileListSends } from './file-list-sends.js';

/**
 * The flow builder's "file list" step (issue 38 item 11), on FLOW_NODE_EXECUTORS: sends the list the
 * step names and goes on through its single output. The list is read by the run's company, so an id of
 * another company (a crafted or imported flow) is not found: the step then sends nothing, logs why and
 * goes on, so the customer is not left waiting on a list someone deleted.
 */
@Injectable()
export class FileListFlowStep implements OnModuleInit, OnModuleDestroy {
  private off: (() => void) | null = null;

  constructor(private readonly files: FilesService) {}

  onModuleInit(): void {
    this.off = createExtensionPoint<NodeExecutor>(FLOW_NODE_EXECUTORS).register('files.fileList', { type: 'fileList', execute: (ctx) => this.execute(ctx) });
  }

  onModuleDestroy(): void {
    this.off?.();
  }

  async execute(ctx: NodeExecutionContext): Promise<NodeResult> {
    const { fileListId } = (ctx.node as FlowNodeOf<'fileList'>).data;
    const list = await this.files.showFor(ctx.companyId, fileListId);
    if (!list) {
      ctx.log(`file list ${fileListId} not found: nothing sent`);
      return { kind: 'next' };
    }
    const sends = fileListSends(list, (text) => ctx.render(text));
    for (const message of sends) ctx.send(message);
    ctx.log(`file list ${fileListId}: ${sends.length} message(s)`);
    return { kind: 'next' };
  }
}
