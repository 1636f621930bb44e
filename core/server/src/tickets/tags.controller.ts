import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { z } from 'zod';
import { can, definedFields, idParamSchema, pageQuerySchema, tagInputSchema, tagUpdateSchema, tagPageSchema, tagSchema, tagSyncSchema, ticketSchema, type TagDto } from '@atende/core-contract';
import { AppError, CurrentUser, REALTIME, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser, type RealtimePublisher, containsPattern } from '@atende/sdk-server';
import { TagSchema, TicketTagSchema, type Tag } from './tag.entity.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { TicketsService } from './tickets.service.js';
import { withTicketCounts } from './tags-port.service.js';

const PAGE_SIZE = 40;
type TagInput = z.infer<typeof tagInputSchema>;

/**
 * Tags of the company (tenant filter). Only admins and supervisors may put a tag on the kanban board;
 * the board itself (`GET /tags/kanban`, the lanes) is the kanban plugin's.
 */
@Controller('tags')
export class TagsController {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly gateway: RealtimeGateway,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly events: DomainEventsService,
  ) {}

  private withCounts(tags: Tag[]): Promise<TagDto[]> {
    return withTicketCounts(this.em, tags);
  }

  @Get()
  @ZodResponse(tagPageSchema)
  async page(@ZodQuery(pageQuerySchema) q: z.infer<typeof pageQuerySchema>) {
    const like = containsPattern(q.searchParam);
    const rows = await this.em.find(TagSchema, q.searchParam ? { name: { $ilike: like } } : {}, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: PAGE_SIZE + 1,
      offset: (q.pageNumber - 1) * PAGE_SIZE,
    });
    return { tags: await this.withCounts(rows.slice(0, PAGE_SIZE)), hasMore: rows.length > PAGE_SIZE };
  }

  @Get('list')
  @ZodResponse(tagSchema.array())
  async list() {
    return this.withCounts(await this.em.find(TagSchema, {}, { orderBy: { name: 'asc' } }));
  }

  @Get(':id')
  @ZodResponse(tagSchema)
  async show(@ZodParam('id', idParamSchema) id: number) {
    return (await this.withCounts([await this.get(id)]))[0];
  }

  @Post()
  @ZodResponse(tagSchema)
  async create(@ZodBody(tagInputSchema) body: TagInput, @CurrentUser() user: AuthUser) {
    this.assertKanban(user, body.kanban);
    const tag = this.em.create(TagSchema, { ...body, companyId: user.companyId, userId: user.id });
    await this.save();
    return this.publish(tag, 'create');
  }

  @Put(':id')
  @ZodResponse(tagSchema)
  async update(@ZodParam('id', idParamSchema) id: number, @ZodBody(tagUpdateSchema) body: Partial<TagInput>, @CurrentUser() user: AuthUser) {
    const tag = await this.get(id);
    if (body.kanban !== undefined && body.kanban !== tag.kanban) this.assertKanban(user, body.kanban);
    this.em.assign(tag, definedFields(body));
    await this.save();
    return this.publish(tag, 'update');
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@ZodParam('id', idParamSchema) id: number) {
    const tag = await this.get(id);
    await this.em.remove(tag).flush();
    this.realtime.toCompany(tag.companyId, 'tag', { action: 'delete', tagId: id });
  }

  /** Replaces a ticket's tags (the tag selector of the ticket view). */
  @Post('sync')
  @HttpCode(200)
  @ZodResponse(ticketSchema)
  async sync(@Body() raw: unknown, @CurrentUser() user: AuthUser) {
    const parsed = tagSyncSchema.safeParse(raw);
    if (!parsed.success) throw AppError.validation(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    const ticket = await this.tickets.get(user, { id: parsed.data.ticketId });
    const ids = [...new Set(parsed.data.tags.map((t) => t.id))];
    if (ids.length && (await this.em.count(TagSchema, { id: { $in: ids } })) !== ids.length) throw AppError.notFound();
    // The old set goes and the new one comes in one transaction: nobody sees the ticket untagged.
    await this.em.transactional(async (tx) => {
      await tx.nativeDelete(TicketTagSchema, { ticketId: ticket.id });
      for (const tagId of ids) tx.create(TicketTagSchema, { ticketId: ticket.id, tagId });
    });
    this.events.emit('ticket.tagged', ticket.companyId, { ticketId: ticket.id, tagIds: ids });
    const dto = await this.tickets.dto(ticket);
    this.gateway.toTicketAudience(ticket, 'ticket', { action: 'update', ticket: dto });
    return dto;
  }

  private assertKanban(user: AuthUser, kanban: number) {
    if (kanban === 1 && !can(user, 'tags:kanban-toggle')) throw AppError.forbidden('Only admins and supervisors put tags on the kanban.');
  }

  private async get(id: number) {
    const tag = await this.em.findOne(TagSchema, { id });
    if (!tag) throw AppError.notFound();
    return tag;
  }

  private async save() {
    try {
      await this.em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        throw new AppError('ERR_VALIDATION', 409, 'A tag with this name exists.', [{ path: 'name', message: 'name_in_use' }]);
      }
      throw err;
    }
  }

  private async publish(tag: Tag, action: 'create' | 'update') {
    const [dto] = await this.withCounts([tag]);
    this.realtime.toCompany(tag.companyId, 'tag', { action, tag: dto });
    return dto;
  }
}
