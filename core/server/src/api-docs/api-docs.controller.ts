import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '@atende/sdk-server';
import { ApiDocsService } from './api-docs.service.js';
import { renderDocsPage } from './docs-page.js';

/**
 * GET /api/docs (a readable page) and GET /api/docs/openapi.json (OpenAPI 3.1), public: they describe
 * routes and payloads, never data, and an integrator reads them before having a token.
 */
@Controller('docs')
export class ApiDocsController {
  constructor(private readonly docs: ApiDocsService) {}

  @Get('openapi.json')
  @Public()
  openapi(): Record<string, unknown> {
    return this.docs.document();
  }

  @Get()
  @Public()
  @Header('content-type', 'text/html; charset=utf-8')
  page(): string {
    return renderDocsPage(this.docs.document() as Parameters<typeof renderDocsPage>[0]);
  }
}
