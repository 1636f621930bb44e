import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Delete, Get, HttpCode, Inject, Post, Put, Req, Res } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { CurrentUser, MEDIA, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser, type Media } from '@atende/sdk-server';
import {
  checkUrlResultSchema,
  checkUrlSchema,
  integrationInputSchema,
  integrationListQuerySchema,
  integrationPageSchema,
  integrationSchema,
  integrationUpdateSchema,
  testSessionResultSchema,
  testSessionSchema,
  type Integration,
  type IntegrationPage,
  type IntegrationRun,
} from '@atende/plugin-integrations-contract';
import { IntegrationsService } from './integrations.service.js';
import { SessionEntity } from './entities.js';
import { typeNames } from './types.js';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
/** Images of the integration (Shopify's): png, jpg, jpeg up to 2 MB (§9's image limit). */
const IMAGE_TYPES = ['image/png', 'image/jpeg'];
const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Served under /api/integrations/queueIntegration and, for the spec's paths, /api/queueIntegration (apiAliases).
 * The kernel checks sign-in, the plan flag useIntegrations (403 otherwise) and these permissions.
 * Static paths come before `:id`.
 */
@Controller('queueIntegration')
export class IntegrationsController {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly em: EntityManager,
    @Inject(MEDIA) private readonly media: Media,
  ) {}

  @Get()
  @RequirePermission('integrations:read')
  @ZodResponse(integrationPageSchema)
  page(@CurrentUser() user: AuthUser, @ZodQuery(integrationListQuerySchema) q: z.output<typeof integrationListQuerySchema>): Promise<IntegrationPage> {
    return this.integrations.page(user, q);
  }

  /** The types the loaded plugins contribute (the dialog's type select). */
  @Get('types')
  @RequirePermission('integrations:read')
  types(): string[] {
    return typeNames();
  }

  /** Why integrations let go of a ticket (hand-overs to a human, with their reason). */
  @Get('runs/:ticketId')
  @RequirePermission('integrations:read')
  async runs(@CurrentUser() user: AuthUser, @ZodParam('ticketId', idSchema) ticketId: number): Promise<IntegrationRun[]> {
    const rows = await this.em.find(SessionEntity, { companyId: user.companyId, ticketId }, { orderBy: { id: 'asc' } });
    return rows.map((r) => ({ id: r.id, integrationId: r.integrationId, ticketId: r.ticketId, status: r.status, reason: r.reason ?? null, updatedAt: r.updatedAt.toISOString() }));
  }

  @Post('testSession')
  @HttpCode(200)
  @RequirePermission('integrations:write')
  @ZodResponse(testSessionResultSchema)
  testSession(@CurrentUser() user: AuthUser, @ZodBody(testSessionSchema) body: z.output<typeof testSessionSchema>) {
    return this.integrations.testSession(user, body);
  }

  @Post('check-url')
  @HttpCode(200)
  @RequirePermission('integrations:write')
  @ZodResponse(checkUrlResultSchema)
  checkUrl(@ZodBody(checkUrlSchema) body: z.output<typeof checkUrlSchema>) {
    return this.integrations.checkUrl(body.url);
  }

  @Get(':id')
  @RequirePermission('integrations:read')
  @ZodResponse(integrationSchema)
  show(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<Integration> {
    return this.integrations.show(user, id);
  }

  @Post()
  @RequirePermission('integrations:write')
  @ZodResponse(integrationSchema)
  create(@CurrentUser() user: AuthUser, @ZodBody(integrationInputSchema) body: z.output<typeof integrationInputSchema>): Promise<Integration> {
    return this.integrations.create(user, body);
  }

  @Put(':id')
  @RequirePermission('integrations:write')
  @ZodResponse(integrationSchema)
  update(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @ZodBody(integrationUpdateSchema) body: z.output<typeof integrationUpdateSchema>): Promise<Integration> {
    return this.integrations.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('integrations:write')
  async remove(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<void> {
    await this.integrations.remove(user, id);
  }

  /** Multipart field `file` (and `typeArch`, ignored: the type is checked by content); png/jpg/jpeg. */
  @Post(':id/image-upload')
  @RequirePermission('integrations:write')
  @ZodResponse(integrationSchema)
  upload(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @Req() req: IncomingMessage, @Res({ passthrough: true }) res: ServerResponse): Promise<Integration> {
    return this.integrations.attach(user, id, () => this.media.receive(req, res, { field: 'file', accept: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES }));
  }

  @Delete(':id/image-upload')
  @RequirePermission('integrations:write')
  @ZodResponse(integrationSchema)
  removeImage(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<Integration> {
    return this.integrations.detach(user, id);
  }
}
