import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { can, idParamSchema, pageQuerySchema, quickMessageInputSchema, quickMessagePageSchema, quickMessageSchema } from '@atende/core-contract';
import { AppError, CurrentUser, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser, containsPattern } from '@atende/sdk-server';
import { QuickMessageSchema, type QuickMessage } from '../database/channel-entities.js';

const PAGE_SIZE = 40;
type Input = z.infer<typeof quickMessageInputSchema>;

/**
 * Quick replies (`/shortcode` in the message input): each user's own plus the company's shared
 * (`geral`) ones, which only admins create or change. Media attachments are not built yet.
 */
@Controller('quick-messages')
export class QuickMessagesController {
  constructor(private readonly em: EntityManager) {}

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
    return this.dto(user, q);
  }

  @Put(':id')
  @ZodResponse(quickMessageSchema)
  async update(@ZodParam('id', idParamSchema) id: number, @ZodBody(quickMessageInputSchema) body: Input, @CurrentUser() user: AuthUser) {
    const q = await this.editable(user, id);
    if (body.geral && !can(user, 'users:manage')) throw AppError.forbidden();
    this.em.assign(q, body);
    await this.em.flush();
    return this.dto(user, q);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser) {
    await this.em.remove(await this.editable(user, id)).flush();
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
