import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { definedFields } from '@atende/core-contract';
import { AppError, REALTIME, containsPattern, type RealtimePublisher } from '@atende/sdk-server';
import { HELP_EVENT, HELPS_PAGE_SIZE, type Help, type HelpEvent, type HelpPage } from '@atende/plugin-helps-contract';
import { HelpSchema, type HelpRow } from './help.entity.js';

interface HelpData {
  title: string;
  video: string;
  description: string;
}

const toDto = (h: HelpRow): Help => ({
  id: h.id,
  title: h.title,
  video: h.video,
  description: h.description,
  createdAt: h.createdAt.toISOString(),
  updatedAt: h.updatedAt.toISOString(),
});

@Injectable()
export class HelpsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
  ) {}

  async page(searchParam: string, pageNumber: number): Promise<HelpPage> {
    const where = searchParam
      ? { $or: [{ title: { $ilike: containsPattern(searchParam) } }, { description: { $ilike: containsPattern(searchParam) } }] }
      : {};
    const [rows, count] = await this.em.findAndCount(HelpSchema, where, {
      orderBy: { title: 'asc', id: 'asc' },
      limit: HELPS_PAGE_SIZE,
      offset: (pageNumber - 1) * HELPS_PAGE_SIZE,
    });
    return { records: rows.map(toDto), count, hasMore: count > pageNumber * HELPS_PAGE_SIZE };
  }

  async list(): Promise<Help[]> {
    const rows = await this.em.find(HelpSchema, {}, { orderBy: { title: 'asc', id: 'asc' }, limit: 500 });
    return rows.map(toDto);
  }

  async create(data: HelpData): Promise<Help> {
    const row = this.em.create(HelpSchema, data);
    await this.em.flush();
    return this.publish({ action: 'create', record: toDto(row) }, toDto(row));
  }

  /** Only the fields sent change (updates are partial). */
  async update(id: number, data: Partial<HelpData>): Promise<Help> {
    const row = await this.em.findOne(HelpSchema, { id });
    if (!row) throw AppError.notFound('ERR_NO_HELP_FOUND', 'Help not found.');
    this.em.assign(row, definedFields(data));
    await this.em.flush();
    return this.publish({ action: 'update', record: toDto(row) }, toDto(row));
  }

  async remove(id: number): Promise<void> {
    const deleted = await this.em.nativeDelete(HelpSchema, { id });
    if (!deleted) throw AppError.notFound('ERR_NO_HELP_FOUND', 'Help not found.');
    this.realtime.toPlatform(HELP_EVENT, { action: 'delete', id } satisfies HelpEvent);
  }

  private publish(event: HelpEvent, result: Help): Help {
    // Help videos are platform-wide (helps:read is every profile's, no plan flag): every signed-in user.
    this.realtime.toPlatform(HELP_EVENT, event);
    return result;
  }
}
