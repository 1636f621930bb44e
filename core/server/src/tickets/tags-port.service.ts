import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { tagInputSchema } from '@atende/core-contract';
import { AppError, REALTIME, type RealtimePublisher, type TagInput, type TagSummary, type Tags } from '@atende/sdk-server';
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

/** Validated as `POST /api/tags` validates its body (same errors). */
function parseTag(input: TagInput) {
  const parsed = tagInputSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  return parsed.data;
}

/** The SDK's Tags port: the company's tags (tenant filter), by name. */
@Injectable()
export class TagsPortService implements Tags {
  constructor(
    private readonly orm: MikroORM,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
  ) {}

  async create(companyId: number, input: TagInput): Promise<TagSummary> {
    const data = parseTag(input);
    const em = tenantEm(this.orm, companyId);
    const tag = em.create(TagSchema, { ...data, companyId, userId: null });
    try {
      await em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw new AppError('ERR_VALIDATION', 409, 'A tag with this name exists.', [{ path: 'name', message: 'name_in_use' }]);
      throw err;
    }
    return this.told(em, tag);
  }

  async ensure(companyId: number, input: TagInput): Promise<TagSummary> {
    const data = parseTag(input);
    const em = tenantEm(this.orm, companyId);
    // One statement: a concurrent ensure of the same name inserts nothing and both read the one row.
    const inserted = (await em
      .getConnection()
      .execute(`insert into tags (company_id, name, color, kanban) values (?, ?, ?, ?) on conflict (company_id, name) do nothing returning id`, [
        companyId,
        data.name,
        data.color,
        data.kanban,
      ])) as { id: number }[];
    const tag = await em.findOneOrFail(TagSchema, { companyId, name: data.name });
    if (inserted.length) return this.told(em, tag);
    return (await withTicketCounts(em, [tag]))[0]!;
  }

  /** Sessions of the company see the new tag at once, as when an agent creates it. */
  private async told(em: EntityManager, tag: Tag): Promise<TagSummary> {
    const [dto] = await withTicketCounts(em, [tag]);
    this.realtime.toCompany(tag.companyId, 'tag', { action: 'create', tag: dto });
    return dto!;
  }

  async list(companyId: number, query: { kanban?: boolean; ids?: number[] } = {}): Promise<TagSummary[]> {
    const em = tenantEm(this.orm, companyId);
    const where: Record<string, unknown> = {};
    if (query.kanban !== undefined) where.kanban = query.kanban ? 1 : 0;
    if (query.ids) where.id = { $in: query.ids };
    return withTicketCounts(em, await em.find(TagSchema, where, { orderBy: { name: 'asc', id: 'asc' } }));
  }
}
