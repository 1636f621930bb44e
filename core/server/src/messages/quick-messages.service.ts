import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { SOCKET_EVENTS, can, definedFields, type quickMessageInputSchema } from '@atende/core-contract';
import { AppError, REALTIME, containsPattern, type AuthUser, type RealtimePublisher } from '@atende/sdk-server';
import { quickAttachmentKind } from './quick-attachment.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { QuickMessageSchema, type QuickMessage } from './quick-message.entity.js';
import { MediaStore } from '../media/media-store.js';
import type { CheckedUpload } from '../media/upload-policy.js';
import { keepUpload } from '../media/keep-upload.js';
import { ffmpegPath } from '../media/voice-note.js';
import { tenantEm } from '../tenancy/tenant-filter.js';

const PAGE_SIZE = 40;
export type QuickMessageInput = z.infer<typeof quickMessageInputSchema>;

/**
 * Quick replies' rules (issue 11 item 4: out of the controller). Quick replies (`/shortcode` in the message input): each user's own plus the company's shared
 * (`geral`) ones, which only admins create or change. One attached file each (same allow-list and
 * limits as message media; audio becomes a voice note). Live `quickmessage` events go to the owner
 * for personal ones and to the whole company for shared ones; the record leaves out `allowEdit`
 * (it depends on who receives it), and a client drops records that are neither shared nor its own.
 */
@Injectable()
export class QuickMessagesService {
  private readonly ffmpeg: string;

  constructor(
    private readonly orm: MikroORM,
    private readonly media: MediaStore,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ffmpeg = ffmpegPath(config.FFMPEG_PATH);
  }

  private em(user: AuthUser) {
    return tenantEm(this.orm, user.companyId);
  }

  private visible(user: AuthUser) {
    return { $or: [{ userId: user.id }, { geral: true }] };
  }

  dto(user: AuthUser, q: QuickMessage) {
    const allowEdit = q.userId === user.id || (q.geral && can(user, 'users:manage'));
    return {
      id: q.id,
      shortcode: q.shortcode,
      message: q.message,
      geral: q.geral,
      userId: q.userId ?? null,
      mediaPath: q.mediaPath ?? null,
      mediaName: q.mediaName ?? null,
      attachment: q.attachmentKind && q.attachmentId != null ? { kind: q.attachmentKind, id: q.attachmentId, label: q.attachmentLabel ?? '' } : null,
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

  async page(user: AuthUser, q: { searchParam?: string; pageNumber: number }) {
    const like = q.searchParam ? containsPattern(q.searchParam) : '';
    const where = { $and: [this.visible(user), ...(like ? [{ $or: [{ shortcode: { $ilike: like } }, { message: { $ilike: like } }] }] : [])] };
    const rows = await this.em(user).find(QuickMessageSchema, where, { orderBy: { shortcode: 'asc', id: 'asc' }, limit: PAGE_SIZE + 1, offset: (q.pageNumber - 1) * PAGE_SIZE });
    return { records: rows.slice(0, PAGE_SIZE).map((r) => this.dto(user, r)), hasMore: rows.length > PAGE_SIZE };
  }

  async list(user: AuthUser) {
    const rows = await this.em(user).find(QuickMessageSchema, this.visible(user), { orderBy: { shortcode: 'asc' }, limit: 1000 });
    return rows.map((r) => this.dto(user, r));
  }

  async show(user: AuthUser, id: number) {
    return this.dto(user, await this.get(this.em(user), user, id));
  }

  async create(user: AuthUser, body: QuickMessageInput) {
    if (body.geral && !can(user, 'users:manage')) throw AppError.forbidden('Only admins share quick messages with the company.');
    const em = this.em(user);
    const { attachment, ...fields } = body;
    const q = em.create(QuickMessageSchema, { ...fields, ...(await this.attachmentFields(user, attachment)), companyId: user.companyId, userId: user.id });
    await em.flush();
    this.publish(user, 'create', q);
    return this.dto(user, q);
  }

  /** Partial: omitted fields keep their values. */
  async update(user: AuthUser, id: number, body: Partial<QuickMessageInput>) {
    const em = this.em(user);
    const q = await this.editable(em, user, id);
    if (body.geral && !can(user, 'users:manage')) throw AppError.forbidden();
    const wasShared = q.geral;
    const { attachment, ...fields } = body;
    // Left out, the attachment stays; checked before anything changes.
    const attached = attachment === undefined ? {} : await this.attachmentFields(user, attachment);
    em.assign(q, { ...definedFields(fields), ...attached });
    await em.flush();
    this.publish(user, 'update', q, wasShared);
    return this.dto(user, q);
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const em = this.em(user);
    const q = await this.editable(em, user, id);
    const file = q.mediaPath;
    await em.remove(q).flush();
    // Messages that sent this attachment have their own link to the bytes (MediaStore.duplicate).
    if (file) await this.media.remove(user.companyId, file);
    this.publish(user, 'delete', q);
  }

  /**
   * Attaches (or replaces) the file: audio becomes a voice note. The original name is kept for display
   * with spaces turned into underscores (core-operations §5); on disk it gets a server name. `upload`
   * reads and checks the request's file once the caller may change this quick message.
   */
  async attach(user: AuthUser, id: number, checkedUpload: () => CheckedUpload) {
    const em = this.em(user);
    const q = await this.editable(em, user, id);
    const upload = checkedUpload();
    const kept = await keepUpload(this.media, this.ffmpeg, user.companyId, upload, true, 'file');
    let name = upload.originalName.replace(/\s+/g, '_');
    if (upload.kind === 'audio') name = name.replace(/\.[^.]*$/, '') + '.ogg';
    return this.replaceMedia(em, user, q, kept.url, name.slice(0, 255));
  }

  async detach(user: AuthUser, id: number) {
    const em = this.em(user);
    return this.replaceMedia(em, user, await this.editable(em, user, id), null, null);
  }

  private async replaceMedia(em: ReturnType<QuickMessagesService['em']>, user: AuthUser, q: QuickMessage, url: string | null, name: string | null) {
    const previous = q.mediaPath;
    q.mediaPath = url;
    q.mediaName = name;
    await em.flush();
    if (previous) await this.media.remove(user.companyId, previous);
    this.publish(user, 'update', q);
    return this.dto(user, q);
  }

  /**
   * The columns of a plugin's attachment: the plugin that registered the kind checks the record is one
   * the user may attach and names it (400 when no installed plugin serves the kind). Null removes it.
   */
  private async attachmentFields(user: AuthUser, attachment: QuickMessageInput['attachment']) {
    if (!attachment) return { attachmentKind: null, attachmentId: null, attachmentLabel: null };
    const { label } = await quickAttachmentKind(attachment.kind).describe(user, attachment.id);
    return { attachmentKind: attachment.kind, attachmentId: attachment.id, attachmentLabel: label.slice(0, 255) };
  }

  /** Another user's personal quick message does not exist for you. */
  private async get(em: ReturnType<QuickMessagesService['em']>, user: AuthUser, id: number) {
    const q = await em.findOne(QuickMessageSchema, { $and: [{ id }, this.visible(user)] });
    if (!q) throw AppError.notFound();
    return q;
  }

  /** Only its owner, or an admin for a shared one, may change a quick message. */
  private async editable(em: ReturnType<QuickMessagesService['em']>, user: AuthUser, id: number) {
    const q = await this.get(em, user, id);
    if (!this.dto(user, q).allowEdit) throw AppError.forbidden();
    return q;
  }
}
