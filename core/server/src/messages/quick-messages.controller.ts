import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Put, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import {
  SOCKET_EVENTS,
  can,
  idParamSchema,
  pageQuerySchema,
  quickMessageInputSchema,
  quickMessageUpdateSchema,
  definedFields,
  quickMessageMediaFieldsSchema,
  quickMessagePageSchema,
  quickMessageSchema,
} from '@atende/core-contract';
import { AppError, CurrentUser, REALTIME, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser, type RealtimePublisher, containsPattern } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { QuickMessageSchema, type QuickMessage } from './quick-message.entity.js';
import { MediaStore } from '../media/media-store.js';
import { UploadInterceptor, uploadedFiles } from '../media/upload.interceptor.js';
import { checkUpload } from '../media/upload-policy.js';
import { ffmpegPath, toVoiceNote } from '../media/voice-note.js';

const PAGE_SIZE = 40;
type Input = z.infer<typeof quickMessageInputSchema>;

/**
 * Quick replies (`/shortcode` in the message input): each user's own plus the company's shared
 * (`geral`) ones, which only admins create or change. One attached file each (same allow-list and
 * limits as message media; audio becomes a voice note). Live `quickmessage` events go to the owner
 * for personal ones and to the whole company for shared ones; the record leaves out `allowEdit`
 * (it depends on who receives it), and a client drops records that are neither shared nor its own.
 */
@Controller('quick-messages')
export class QuickMessagesController {
  private readonly ffmpeg: string;

  constructor(
    private readonly em: EntityManager,
    private readonly media: MediaStore,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ffmpeg = ffmpegPath(config.FFMPEG_PATH);
  }

  private visible(user: AuthUser) {
    return { $or: [{ userId: user.id }, { geral: true }] };
  }

  private dto(user: AuthUser, q: QuickMessage) {
    const allowEdit = q.userId === user.id || (q.geral && can(user, 'users:manage'));
    return {
      id: q.id,
      shortcode: q.shortcode,
      message: q.message,
      geral: q.geral,
      userId: q.userId ?? null,
      mediaPath: q.mediaPath ?? null,
      mediaName: q.mediaName ?? null,
      allowEdit,
    };
  }

  /** `wasShared`: a record that stops being shared is announced to the company once more, so others drop it. */
  private publish(user: AuthUser, action: 'create' | 'update' | 'delete', q: QuickMessage, wasShared = false) {
    const { allowEdit: _perViewer, ...record } = this.dto(user, q);
    const payload = { action, record };
    if (q.geral || wasShared) this.realtime.toCompany(q.companyId, SOCKET_EVENTS.quickmessage, payload);
    else if (q.userId) this.realtime.toUser(q.userId, SOCKET_EVENTS.quickmessage, payload);
  }

  @Get()
  @ZodResponse(quickMessagePageSchema)
  async page(@ZodQuery(pageQuerySchema) q: z.infer<typeof pageQuerySchema>, @CurrentUser() user: AuthUser) {
    const like = containsPattern(q.searchParam);
    const where = { $and: [this.visible(user), ...(q.searchParam ? [{ $or: [{ shortcode: { $ilike: like } }, { message: { $ilike: like } }] }] : [])] };
    const rows = await this.em.find(QuickMessageSchema, where, { orderBy: { shortcode: 'asc', id: 'asc' }, limit: PAGE_SIZE + 1, offset: (q.pageNumber - 1) * PAGE_SIZE });
    return { records: rows.slice(0, PAGE_SIZE).map((r) => this.dto(user, r)), hasMore: rows.length > PAGE_SIZE };
  }

  @Get('list')
  @ZodResponse(quickMessageSchema.array())
  async list(@CurrentUser() user: AuthUser) {
    const rows = await this.em.find(QuickMessageSchema, this.visible(user), { orderBy: { shortcode: 'asc' }, limit: 1000 });
    return rows.map((r) => this.dto(user, r));
  }

  @Get(':id')
  @ZodResponse(quickMessageSchema)
  async show(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser) {
    return this.dto(user, await this.get(user, id));
  }

  @Post()
  @ZodResponse(quickMessageSchema)
  async create(@ZodBody(quickMessageInputSchema) body: Input, @CurrentUser() user: AuthUser) {
    if (body.geral && !can(user, 'users:manage')) throw AppError.forbidden('Only admins share quick messages with the company.');
    const q = this.em.create(QuickMessageSchema, { ...body, companyId: user.companyId, userId: user.id });
    await this.em.flush();
    this.publish(user, 'create', q);
    return this.dto(user, q);
  }

  @Put(':id')
  @ZodResponse(quickMessageSchema)
  async update(@ZodParam('id', idParamSchema) id: number, @ZodBody(quickMessageUpdateSchema) body: Partial<Input>, @CurrentUser() user: AuthUser) {
    const q = await this.editable(user, id);
    if (body.geral && !can(user, 'users:manage')) throw AppError.forbidden();
    const wasShared = q.geral;
    this.em.assign(q, definedFields(body));
    await this.em.flush();
    this.publish(user, 'update', q, wasShared);
    return this.dto(user, q);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser) {
    const q = await this.editable(user, id);
    const file = q.mediaPath;
    await this.em.remove(q).flush();
    // Messages that sent this attachment have their own link to the bytes (MediaStore.duplicate).
    if (file) await this.media.remove(user.companyId, file);
    this.publish(user, 'delete', q);
  }

  /**
   * Attaches (or replaces) the file: multipart `file` and `typeArch`. The original name is kept for
   * display with spaces turned into underscores (core-operations §5); on disk it gets a server name.
   */
  @Post(':id/media-upload')
  @UseInterceptors(UploadInterceptor('file', 1))
  @ZodResponse(quickMessageSchema)
  async upload(@ZodParam('id', idParamSchema) id: number, @Body() raw: unknown, @Req() req: Request, @CurrentUser() user: AuthUser) {
    const q = await this.editable(user, id);
    const fields = quickMessageMediaFieldsSchema.safeParse(raw ?? {});
    if (!fields.success) throw AppError.validation(fields.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    const [file] = uploadedFiles(req);
    if (!file) throw AppError.validation([{ path: 'file', message: 'required' }]);
    const upload = checkUpload(file);
    let url: string;
    let name = upload.originalName.replace(/\s+/g, '_');
    if (upload.kind === 'audio') {
      let voice: Buffer;
      try {
        voice = await toVoiceNote(upload.path, this.ffmpeg, upload.mimetype);
      } catch {
        throw new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 415, 'The audio file could not be read.', [{ path: 'file', message: 'unreadable_audio' }]);
      }
      url = await this.media.save(user.companyId, 'audio/ogg', voice);
      name = name.replace(/\.[^.]*$/, '') + '.ogg';
    } else {
      url = await this.media.saveFile(user.companyId, upload.mimetype, upload.path);
    }
    const previous = q.mediaPath;
    q.mediaPath = url;
    q.mediaName = name.slice(0, 255);
    await this.em.flush();
    if (previous) await this.media.remove(user.companyId, previous);
    this.publish(user, 'update', q);
    return this.dto(user, q);
  }

  @Delete(':id/media-upload')
  @ZodResponse(quickMessageSchema)
  async removeMedia(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser) {
    const q = await this.editable(user, id);
    const previous = q.mediaPath;
    q.mediaPath = null;
    q.mediaName = null;
    await this.em.flush();
    if (previous) await this.media.remove(user.companyId, previous);
    this.publish(user, 'update', q);
    return this.dto(user, q);
  }

  /** Another user's personal quick message does not exist for you. */
  private async get(user: AuthUser, id: number) {
    const q = await this.em.findOne(QuickMessageSchema, { $and: [{ id }, this.visible(user)] });
    if (!q) throw AppError.notFound();
    return q;
  }

  private async editable(user: AuthUser, id: number) {
    const q = await this.get(user, id);
    if (!this.dto(user, q).allowEdit) throw AppError.forbidden();
    return q;
  }
}
