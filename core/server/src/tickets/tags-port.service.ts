import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { TagSummary, Tags } from '@atende/sdk-server';
import { TagSchema, type Tag } from './tag.entity.js';
import { tenantEm } from '../tenancy/tenant-filter.js';

/** Tags as the API and the Tags port show them: each with the number of tickets carrying it (one query). */
export async function withTicketCounts(em: EntityManager, tags: Tag[]): Promise<TagSummary[]> {
  if (!tags.length) return [];
  const counts = (await em
    .getConnection()
    .execute(`select tag_id, count(*)::int as n from ticket_tags where tag_id = any(array[?]::int[]) group by tag_id`, [tags.map((t) => t.id)])) as {
    tag_id: number;
    n: number;
  }[];
  const byId = new Map(counts.map((c) => [c.tag_id, c.n]));
  return tags.map((t) => ({ id: t.id, name: t.name, color: t.color, kanban: t.kanban === 1 ? 1 : 0, ticketsCount: byId.get(t.id) ?? 0 }));
}

/** The SDK's Tags port: the company's tags (tenant filter), by name. */
@Injectable()
export class TagsPortService implements Tags {
  constructor(private readonly orm: MikroORM) {}

  async list(companyId: number, query: { kanban?: boolean; ids?: number[] } = {}): Promise<TagSummary[]> {
    const em = tenantEm(this.orm, companyId);
    const where: Record<string, unknown> = {};
    if (query.kanban !== undefined) where.kanban = query.kanban ? 1 : 0;
    if (query.ids) where.id = { $in: query.ids };
    return withTicketCounts(em, await em.find(TagSchema, where, { orderBy: { name: 'asc', id: 'asc' } }));
  }
}
