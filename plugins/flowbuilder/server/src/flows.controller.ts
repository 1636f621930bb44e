import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Delete, Get, HttpCode, Inject, Post, Put, Req, Res, StreamableFile } from '@nestjs/common';
import { z } from 'zod';
import { AppError, CurrentUser, MEDIA, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser, type Media } from '@atende/sdk-server';
import {
  FLOW_LIMITS,
  FLOW_MEDIA_TYPES,
  flowCreateSchema,
  flowDrawingSchema,
  flowDuplicateSchema,
  flowIdParamSchema,
  flowImportSchema,
  flowListQuerySchema,
  flowPageSchema,
  flowSaveSchema,
  flowSchema,
  flowUpdateSchema,
  type Flow,
  type FlowDrawing,
  type FlowMedia,
  type FlowPage,
} from '@atende/plugin-flowbuilder-contract';
import { FlowsService } from './flows.service.js';

const CONTENT_TYPES = [...FLOW_MEDIA_TYPES.image, ...FLOW_MEDIA_TYPES.audio, ...FLOW_MEDIA_TYPES.video, ...FLOW_MEDIA_TYPES.pdf];
/** Each kind's limit (§5): the Media port enforces the largest while streaming, this the kind's after. */
const limitOf = (mimetype: string): number =>
  mimetype.startsWith('image/') ? FLOW_LIMITS.imageMaxBytes : mimetype.startsWith('audio/') ? FLOW_LIMITS.audioMaxBytes : mimetype.startsWith('video/') ? FLOW_LIMITS.videoMaxBytes : FLOW_LIMITS.pdfMaxBytes;

/** Served under /api/flowbuilder (§7 "Flows"). Admin-only, plan flag useCampaigns (checked by the kernel). */
@Controller('flowbuilder')
export class FlowsController {
  constructor(
    private readonly flows: FlowsService,
    @Inject(MEDIA) private readonly media: Media,
  ) {}

  /** Names only (no drawing): the keywords dialog lists them for every profile (§7 Keywords "GET /flowbuilder -> flows"). */
  @Get()
  @RequirePermission('flowbuilder:keywords')
  @ZodResponse(flowPageSchema)
  page(@CurrentUser() user: AuthUser, @ZodQuery(flowListQuerySchema) q: z.output<typeof flowListQuerySchema>): Promise<FlowPage> {
    return this.flows.page(user.companyId, q);
  }

  @Post()
  @RequirePermission('flowbuilder:write')
  @ZodResponse(flowSchema)
  create(@CurrentUser() user: AuthUser, @ZodBody(flowCreateSchema) body: z.output<typeof flowCreateSchema>): Promise<Flow> {
    return this.flows.create(user.companyId, body.name);
  }

  @Put()
  @RequirePermission('flowbuilder:write')
  @ZodResponse(flowSchema)
  update(@CurrentUser() user: AuthUser, @ZodBody(flowUpdateSchema) body: z.output<typeof flowUpdateSchema>): Promise<Flow> {
    return this.flows.update(user.companyId, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('flowbuilder:write')
  async remove(@CurrentUser() user: AuthUser, @ZodParam('id', flowIdParamSchema) id: number): Promise<void> {
    await this.flows.remove(user.companyId, id);
  }

  @Post('duplicate')
  @RequirePermission('flowbuilder:write')
  @ZodResponse(flowSchema)
  duplicate(@CurrentUser() user: AuthUser, @ZodBody(flowDuplicateSchema) body: z.output<typeof flowDuplicateSchema>): Promise<Flow> {
    return this.flows.duplicate(user.companyId, body.flowId);
  }

  @Get('export/:id')
  @RequirePermission('flowbuilder:read')
  async export(@CurrentUser() user: AuthUser, @ZodParam('id', flowIdParamSchema) id: number, @Res({ passthrough: true }) res: ServerResponse): Promise<StreamableFile> {
    const file = await this.flows.export(user.companyId, id);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    return new StreamableFile(Buffer.from(file.content, 'utf8'), { type: 'application/json' });
  }

  @Post('import')
  @RequirePermission('flowbuilder:write')
  @ZodResponse(flowSchema)
  import(@CurrentUser() user: AuthUser, @ZodBody(flowImportSchema) body: z.output<typeof flowImportSchema>): Promise<Flow> {
    return this.flows.import(user.companyId, body);
  }

  @Get('flow/:id')
  @RequirePermission('flowbuilder:read')
  @ZodResponse(flowDrawingSchema)
  drawing(@CurrentUser() user: AuthUser, @ZodParam('id', flowIdParamSchema) id: number): Promise<FlowDrawing> {
    return this.flows.drawing(user.companyId, id);
  }

  @Post('flow')
  @RequirePermission('flowbuilder:write')
  @ZodResponse(flowDrawingSchema)
  save(@CurrentUser() user: AuthUser, @ZodBody(flowSaveSchema) body: z.output<typeof flowSaveSchema>): Promise<FlowDrawing> {
    return this.flows.save(user.companyId, body);
  }

  /** One file per request in field `medias` (the Media port takes one file a request): answers a one-item list. */
  @Post('content')
  @RequirePermission('flowbuilder:write')
  async content(@CurrentUser() user: AuthUser, @Req() req: IncomingMessage, @Res({ passthrough: true }) res: ServerResponse): Promise<FlowMedia[]> {
    return [await this.upload(user, req, res, CONTENT_TYPES, FLOW_LIMITS.videoMaxBytes)];
  }

  @Post('img')
  @RequirePermission('flowbuilder:write')
  img(@CurrentUser() user: AuthUser, @Req() req: IncomingMessage, @Res({ passthrough: true }) res: ServerResponse): Promise<FlowMedia> {
    return this.upload(user, req, res, FLOW_MEDIA_TYPES.image, FLOW_LIMITS.imageMaxBytes);
  }

  @Post('audio')
  @RequirePermission('flowbuilder:write')
  audio(@CurrentUser() user: AuthUser, @Req() req: IncomingMessage, @Res({ passthrough: true }) res: ServerResponse): Promise<FlowMedia> {
    return this.upload(user, req, res, FLOW_MEDIA_TYPES.audio, FLOW_LIMITS.audioMaxBytes);
  }

  private async upload(user: AuthUser, req: IncomingMessage, res: ServerResponse, accept: readonly string[], maxBytes: number): Promise<FlowMedia> {
    const file = await this.media.receive(req, res, { field: 'medias', accept, maxBytes });
    if (file.size > limitOf(file.mimetype)) throw new AppError('ERR_MEDIA_TOO_LARGE', 413);
    // A voice note only when the editor says it was recorded (`record=true`); otherwise the file as sent.
    const voice = file.mimetype.startsWith('audio/') && (file.fields.record === 'true' || file.fields.fromMe === 'true');
    const stored = await this.media.store(user.companyId, { path: file.path, name: file.name, mimetype: file.mimetype }, { voice });
    return { originalName: file.name, name: stored.url.slice(stored.url.lastIndexOf('/') + 1), url: stored.url, mimetype: stored.mimetype };
  }
}
