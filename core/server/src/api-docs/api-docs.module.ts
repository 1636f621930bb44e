import { Module } from '@nestjs/common';
import { ApiDocsController } from './api-docs.controller.js';
import { ApiDocsService } from './api-docs.service.js';

/** The OpenAPI document of the kernel and every loaded plugin, and its page (issue 34 item 3). */
@Module({ providers: [ApiDocsService], controllers: [ApiDocsController] })
export class ApiDocsModule {}
