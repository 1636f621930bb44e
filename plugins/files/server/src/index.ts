import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { FILES_MANIFEST, FILES_PERMISSIONS } from '@atende/plugin-files-contract';
import { FileListSchema, FileOptionSchema } from './file-list.entity.js';
import { FilesController } from './files.controller.js';
import { FilesRealtime } from './files.realtime.js';
import { FilesService } from './files.service.js';
import { FilesSenderService } from './files-sender.service.js';
import { FilesInit } from './migrations/files_0001_init.js';
import { QuickReplyAttachment } from './quick-reply-attachment.js';
import { FileListFlowStep } from './flow-step.js';

@Module({ controllers: [FilesController], providers: [FilesService, FilesSenderService, FilesRealtime, QuickReplyAttachment, FileListFlowStep] })
export class FilesModule {}

/** No plan flag: the plan has none for file lists (see the contract and README). */
export default definePlugin({
  id: 'files',
  version: '0.1.0',
  module: FilesModule,
  entities: [FileListSchema, FileOptionSchema],
  migrations: [{ name: 'files_0001_init', class: FilesInit }],
  permissions: FILES_PERMISSIONS,
  manifest: FILES_MANIFEST,
  web: { package: '@atende/plugin-files-web' },
});
