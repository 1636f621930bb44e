import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { can, definedFields } from '@atende/core-contract';
import { AppError, MEDIA, containsPattern, type AuthUser, type Media, type ReceivedFile } from '@atende/sdk-server';
import {
  ANNOUNCEMENTS_PAGE_SIZE,
  ANNOUNCEMENTS_PERMISSIONS,
  type Announcement,
  type AnnouncementPage,
  type AnnouncementUpdate,
} from '@atende/plugin-announcements-contract';
import { AnnouncementSchema, type AnnouncementRow } from './announcement.entity.js';
import { AnnouncementsRealtime } from './announcements.realtime.js';
import { toDto } from './announcement.dto.js';

export interface AnnouncementData {
  title: string;
  text: string;
  priority: number;
  status: boolean;
}

const notFound = () => AppError.notFound('ERR_NO_ANNOUNCEMENT_FOUND', 'Announcement not found.');

/** Who writes sees every announcement; everyone else only the active ones. */
const writer = (user: AuthUser) => can(user, 'announcements:write', ANNOUNCEMENTS_PERMISSIONS);

@Injectable()
export class AnnouncementsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(MEDIA) private readonly media: Media,
    private readonly live: AnnouncementsRealtime,
  ) {}

  async page(user: AuthUser, searchParam: string, pageNumber: number): Promise<AnnouncementPage> {
    const search = searchParam ? { $or: [{ title: { $ilike: containsPattern(searchParam) } }, { text: { $ilike: containsPattern(searchParam) } }] } : {};
    const where = writer(user) ? search : { ...search, status: true };
    const [rows, count] = await this.em.findAndCount(AnnouncementSchema, where, {
      orderBy: { priority: 'asc', id: 'desc' },
      limit: ANNOUNCEMENTS_PAGE_SIZE,
      offset: (pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE,
    });
    return { records: rows.map(toDto), count, hasMore: count > pageNumber * ANNOUNCEMENTS_PAGE_SIZE };
  }

  async show(user: AuthUser, id: number): Promise<Announcement> {
    return toDto(await this.visible(user, id));
  }

  async create(data: AnnouncementData): Promise<Announcement> {
    const row = this.em.create(AnnouncementSchema, { ...data, mediaUrl: null, mediaName: null, mediaCompanyId: null });
    await this.em.flush();
    this.live.changed(null, row);
    return toDto(row);
  }

  /** Only the fields sent change (updates are partial). */
  async update(id: number, data: AnnouncementUpdate): Promise<Announcement> {
    const row = await this.find(id);
    const before = { status: row.status };
    this.em.assign(row, definedFields(data));
    await this.em.flush();
    this.live.changed(before, row);
    return toDto(row);
  }

  async remove(id: number): Promise<void> {
    const row = await this.find(id);
    const media = this.mediaOf(row);
    const wasActive = row.status;
    await this.em.remove(row).flush();
    this.live.removed(id, wasActive);
    // The row is gone: a file that cannot be removed now is only disk space, not a failed delete.
    if (media) await this.media.remove(media.companyId, media.url).catch(() => undefined);
  }

  /** Keeps the checked upload as the announcement's image, replacing (and forgetting) the previous one. */
  async attach(user: AuthUser, id: number, receive: () => Promise<ReceivedFile>): Promise<Announcement> {
    const row = await this.find(id);
    const file = await receive();
    const stored = await this.media.store(user.companyId, { path: file.path, name: file.name, mimetype: file.mimetype });
    const previous = this.mediaOf(row);
    // The sender's name is a label only; it must fit its column (varchar 255) whatever its length.
    this.em.assign(row, { mediaUrl: stored.url, mediaName: file.name.slice(0, 255), mediaCompanyId: user.companyId });
    try {
      await this.em.flush();
    } catch (err) {
      await this.media.remove(user.companyId, stored.url).catch(() => undefined); // no orphan file
      throw err;
    }
    if (previous) await this.media.remove(previous.companyId, previous.url).catch(() => undefined);
    this.live.changed({ status: row.status }, row);
    return toDto(row);
  }

  async detach(id: number): Promise<Announcement> {
    const row = await this.find(id);
    const previous = this.mediaOf(row);
    this.em.assign(row, { mediaUrl: null, mediaName: null, mediaCompanyId: null });
    await this.em.flush();
    if (previous) await this.media.remove(previous.companyId, previous.url);
    this.live.changed({ status: row.status }, row);
    return toDto(row);
  }

  /** The image's bytes, to whoever may see the announcement (the Media port keeps it under the writer's company). */
  async image(user: AuthUser, id: number): Promise<{ data: Buffer; mimetype: string; name: string }> {
    const row = await this.visible(user, id);
    const media = this.mediaOf(row);
    if (!media) throw notFound();
    const file = await this.media.read(media.companyId, media.url);
    return { ...file, name: row.mediaName ?? 'image' };
  }

  private async find(id: number): Promise<AnnouncementRow> {
    const row = await this.em.findOne(AnnouncementSchema, { id });
    if (!row) throw notFound();
    return row;
  }

  /** An inactive announcement does not exist for readers (404, the same answer as an unknown id). */
  private async visible(user: AuthUser, id: number): Promise<AnnouncementRow> {
    const row = await this.find(id);
    if (!row.status && !writer(user)) throw notFound();
    return row;
  }

  private mediaOf(row: AnnouncementRow): { url: string; companyId: number } | null {
    return row.mediaUrl && row.mediaCompanyId ? { url: row.mediaUrl, companyId: row.mediaCompanyId } : null;
  }
}
