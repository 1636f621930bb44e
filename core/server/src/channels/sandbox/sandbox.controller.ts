import { randomUUID } from 'node:crypto';
import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import {
  idParamSchema,
  sandboxCallItemSchema,
  sandboxChangeSchema,
  sandboxCallQuerySchema,
  sandboxCallSchema,
  sandboxContactsSchema,
  sandboxInboundSchema,
  sandboxOutboxItemSchema,
  sandboxOutboxQuerySchema,
} from '@atende/core-contract';
import { AppError, CurrentUser, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { SandboxOutboxSchema } from './sandbox-outbox.entity.js';
import { WhatsappSchema, type Whatsapp } from '../../connections/whatsapp.entity.js';
import { ChangeFeed } from '../../database/change-feed.js';
import { FeedCache } from '../../database/feed-cache.js';

type SandboxConnection = Readonly<Pick<Whatsapp, 'id' | 'companyId' | 'provider' | 'status'>>;
import { SessionManager } from '../../connections/session-manager.js';
import { mediaKindOf } from '../../media/upload-policy.js';

/** The simulated customer's phone: admins write in as a customer and read what Atende sent back. */
@Controller('sandbox')
export class SandboxController {
  /** Connections as the routes need them, kept while the change feed vouches (status changes are announced). */
  private readonly connections: FeedCache<number, SandboxConnection>;

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    feed: ChangeFeed,
  ) {
    this.connections = new FeedCache(feed, { maxAgeMs: 60_000, maxEntries: 10_000 });
    feed.on('w', (id) => this.connections.forget(id));
  }

  /** Every sandbox route: 403 unless the sandbox is enabled here (never by default in production); the user's company's sandbox connections only. */
  private async sandboxConnection(id: number, user: AuthUser): Promise<SandboxConnection> {
    if (!this.config.sandboxEnabled) throw AppError.forbidden('The sandbox is disabled on this server.');
    const w = await this.connections.get(id, async () => {
      const found = await this.em.findOne(WhatsappSchema, { id });
      return found ? Object.freeze({ id: found.id, companyId: found.companyId, provider: found.provider, status: found.status }) : null;
    });
    // The tenant filter guarded the read; a kept entry is checked against the company here.
    if (!w || w.companyId !== user.companyId || w.provider !== 'sandbox') throw AppError.notFound('ERR_NO_WAPP_FOUND');
    return w;
  }

  @Post(':whatsappId/messages')
  @HttpCode(202)
  @RequirePermission('connections-page:actionButtons')
  @ZodResponse(z.object({ queued: z.literal(true), id: z.string() }))
  async inbound(@CurrentUser() user: AuthUser, @ZodParam('whatsappId', idParamSchema) whatsappId: number, @ZodBody(sandboxInboundSchema) body: z.infer<typeof sandboxInboundSchema>) {
    const w = await this.sandboxConnection(whatsappId, user);
    if (w.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    const id = body.id ?? `SBXIN${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`;
    await this.sessions.enqueueInbound(w, {
      // In a group, ids are per participant (like Baileys'): `<id>:<participant>`.
      providerMessageId: body.group ? `${id}:${body.from}` : id,
      chatId: body.group ? `${body.group}@g.us` : body.from,
      isGroup: !!body.group,
      from: body.from,
      fromName: body.name,
      fromMe: false,
      body: body.body,
      mediaType: body.media ? mediaKindOf(body.media.mimetype) : 'chat',
      media: body.media ? { mimetype: body.media.mimetype, fileName: body.media.fileName, data: Buffer.from(body.media.dataBase64, 'base64') } : undefined,
      quotedProviderMessageId: body.quotedId,
      chatName: body.group ? body.groupName : undefined,
      timestamp: new Date(),
      // Stored and shown as simulated: no real customer wrote it (issue 9 item 10).
      simulated: true,
    });
    return { queued: true as const, id };
  }

  /**
   * The customer's phone edits or deletes a message, reported as a channel reports it: the author is the
   * chat, and in a group the member `from` (what the kernel checks against the message's writer).
   */
  @Post(':whatsappId/changes')
  @HttpCode(202)
  @RequirePermission('connections-page:actionButtons')
  @ZodResponse(z.object({ queued: z.literal(true) }))
  async change(@CurrentUser() user: AuthUser, @ZodParam('whatsappId', idParamSchema) whatsappId: number, @ZodBody(sandboxChangeSchema) body: z.infer<typeof sandboxChangeSchema>) {
    const w = await this.sandboxConnection(whatsappId, user);
    if (w.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    const author = body.group ? { fromMe: false, chatId: `${body.group}@g.us`, participant: body.from } : { fromMe: false, chatId: body.from };
    await this.sessions.queuePatch({
      companyId: w.companyId,
      whatsappId: w.id,
      providerMessageId: body.id,
      author,
      ...(body.kind === 'edit' ? { kind: 'edit' as const, body: body.body } : { kind: 'revoke' as const }),
    });
    return { queued: true as const };
  }

  @Get(':whatsappId/messages')
  @RequirePermission('connections-page:actionButtons')
  @ZodResponse(sandboxOutboxItemSchema.array())
  async outbox(@CurrentUser() user: AuthUser, @ZodParam('whatsappId', idParamSchema) whatsappId: number, @ZodQuery(sandboxOutboxQuerySchema) q: z.infer<typeof sandboxOutboxQuerySchema>) {
    await this.sandboxConnection(whatsappId, user);
    const rows = await this.em.find(SandboxOutboxSchema, { whatsappId, toNumber: q.to }, { orderBy: { id: 'asc' }, limit: 500 });
    return rows.map((r) => ({
      to: r.toNumber,
      body: r.body,
      ...(r.mediaUrl ? { mediaUrl: r.mediaUrl } : {}),
      ...(r.editedAt ? { edited: true as const } : {}),
      ...(r.deletedAt ? { deleted: true as const } : {}),
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /** The phone scans the QR (or confirms the pairing code) shown after POST /whatsappsession/{id} {qr: true}. */
  @Post(':whatsappId/scan')
  @HttpCode(200)
  @RequirePermission('connections-page:actionButtons')
  @ZodResponse(z.object({ status: z.literal('CONNECTED') }))
  async scan(@CurrentUser() user: AuthUser, @ZodParam('whatsappId', idParamSchema) whatsappId: number) {
    const w = await this.sandboxConnection(whatsappId, user);
    if (w.status !== 'qrcode' && w.status !== 'PAIRING') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The connection is not waiting for a scan.');
    if (!(await this.sessions.confirmLink(whatsappId))) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The connection is not waiting for a scan.');
    return { status: 'CONNECTED' as const };
  }

  /** The customer's phone calls the connection: stored as a call_log, rejected unless the company takes calls. */
  @Post(':whatsappId/calls')
  @HttpCode(202)
  @RequirePermission('connections-page:actionButtons')
  @ZodResponse(z.object({ queued: z.literal(true), id: z.string() }))
  async call(@CurrentUser() user: AuthUser, @ZodParam('whatsappId', idParamSchema) whatsappId: number, @ZodBody(sandboxCallSchema) body: z.infer<typeof sandboxCallSchema>) {
    const w = await this.sandboxConnection(whatsappId, user);
    if (w.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    const id = `SBXCALL${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`;
    await this.em
      .getConnection()
      .execute(`insert into sandbox_calls (company_id, whatsapp_id, from_number, call_id) values (?, ?, ?, ?)`, [w.companyId, w.id, body.from, id]);
    await this.sessions.incomingCall(w, body.from, id);
    return { queued: true as const, id };
  }

  /**
   * The phone's address book: the sandbox session reports it like WhatsApp's phone-book sync after
   * linking (one `contact` event per entry). Accepted at once; the kernel stores it in the background,
   * as it does a real phone's (then POST /contacts/import makes contacts of it).
   */
  @Post(':whatsappId/contacts')
  @HttpCode(202)
  @RequirePermission('connections-page:actionButtons')
  @ZodResponse(z.object({ queued: z.literal(true), contacts: z.number().int() }))
  async phoneBook(@CurrentUser() user: AuthUser, @ZodParam('whatsappId', idParamSchema) whatsappId: number, @ZodBody(sandboxContactsSchema) body: z.infer<typeof sandboxContactsSchema>) {
    const w = await this.sandboxConnection(whatsappId, user);
    if (w.status !== 'CONNECTED' || !(await this.sessions.phoneBook(w.id, body.contacts))) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    return { queued: true as const, contacts: body.contacts.length };
  }

  /** The calls a sandbox number made, and whether the connection rejected them. */
  @Get(':whatsappId/calls')
  @RequirePermission('connections-page:actionButtons')
  @ZodResponse(sandboxCallItemSchema.array())
  async calls(@CurrentUser() user: AuthUser, @ZodParam('whatsappId', idParamSchema) whatsappId: number, @ZodQuery(sandboxCallQuerySchema) q: z.infer<typeof sandboxCallQuerySchema>) {
    const w = await this.sandboxConnection(whatsappId, user);
    const rows = await this.em
      .getConnection()
      .execute(
        `select call_id, from_number, rejected_at, created_at from sandbox_calls where company_id = ? and whatsapp_id = ? and from_number = ? order by id limit 500`,
        [w.companyId, w.id, q.from],
      );
    return rows.map((r) => ({ id: r.call_id as string, from: r.from_number as string, rejected: r.rejected_at != null, createdAt: new Date(r.created_at as string).toISOString() }));
  }
}
