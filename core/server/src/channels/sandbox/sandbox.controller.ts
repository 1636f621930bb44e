import { randomUUID } from 'node:crypto';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { idParamSchema, sandboxInboundSchema, sandboxOutboxItemSchema, sandboxOutboxQuerySchema } from '@atende/core-contract';
import { AppError, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse } from '@atende/sdk-server';
import { SandboxOutboxSchema, WhatsappSchema } from '../../database/channel-entities.js';
import { SessionManager } from '../../connections/session-manager.js';

const mediaTypeOf = (mimetype: string) =>
  mimetype.startsWith('image/') ? 'image' : mimetype.startsWith('audio/') ? 'audio' : mimetype.startsWith('video/') ? 'video' : 'application';

/** The simulated customer's phone: admins write in as a customer and read what Atende sent back. */
@Controller('sandbox')
export class SandboxController {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionManager,
  ) {}

  private async sandboxConnection(id: number) {
    const w = await this.em.findOne(WhatsappSchema, { id });
    if (!w || w.provider !== 'sandbox') throw AppError.notFound('ERR_NO_WAPP_FOUND');
    return w;
  }

  @Post(':whatsappId/messages')
  @HttpCode(202)
  @RequirePermission('connections-page:actionButtons')
  @ZodResponse(z.object({ queued: z.literal(true), id: z.string() }))
  async inbound(@ZodParam('whatsappId', idParamSchema) whatsappId: number, @ZodBody(sandboxInboundSchema) body: z.infer<typeof sandboxInboundSchema>) {
    const w = await this.sandboxConnection(whatsappId);
    if (w.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    const id = body.id ?? `SBXIN${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`;
    await this.sessions.enqueueInbound(w, {
      providerMessageId: id,
      chatId: body.from,
      isGroup: false,
      from: body.from,
      fromName: body.name,
      fromMe: false,
      body: body.body,
      mediaType: body.media ? mediaTypeOf(body.media.mimetype) : 'chat',
      media: body.media ? { mimetype: body.media.mimetype, fileName: body.media.fileName, data: Buffer.from(body.media.dataBase64, 'base64') } : undefined,
      timestamp: new Date(),
    });
    return { queued: true as const, id };
  }

  @Get(':whatsappId/messages')
  @RequirePermission('connections-page:actionButtons')
  @ZodResponse(sandboxOutboxItemSchema.array())
  async outbox(@ZodParam('whatsappId', idParamSchema) whatsappId: number, @ZodQuery(sandboxOutboxQuerySchema) q: z.infer<typeof sandboxOutboxQuerySchema>) {
    await this.sandboxConnection(whatsappId);
    const rows = await this.em.find(SandboxOutboxSchema, { whatsappId, toNumber: q.to }, { orderBy: { id: 'asc' }, limit: 500 });
    return rows.map((r) => ({ to: r.toNumber, body: r.body, ...(r.mediaUrl ? { mediaUrl: r.mediaUrl } : {}), createdAt: r.createdAt.toISOString() }));
  }
}
