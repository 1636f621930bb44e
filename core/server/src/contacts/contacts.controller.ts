import { Controller, Delete, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { z } from 'zod';
import { contactInputSchema, contactPageSchema, contactSchema, idParamSchema, pageQuerySchema, type ContactDto } from '@atende/core-contract';
import { AppError, CurrentUser, REALTIME, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser, type RealtimePublisher, containsPattern } from '@atende/sdk-server';
import { ContactSchema, type Contact } from '../database/channel-entities.js';

const PAGE_SIZE = 40;
type ContactInput = z.infer<typeof contactInputSchema>;

const toDto = (c: Contact): ContactDto => ({
  id: c.id,
  uuid: c.uuid,
  name: c.name,
  number: c.number,
  email: c.email,
  profilePicUrl: c.profilePicUrl,
  isGroup: c.isGroup,
  whatsappId: c.whatsappId ?? null,
  extraInfo: Array.isArray(c.extraInfo) ? c.extraInfo.map((e) => ({ name: e.name, value: e.value })) : [],
  createdAt: c.createdAt.toISOString(),
});

/** The company's contacts (tenant filter). Everyone works with contacts; only admins delete them. */
@Controller('contacts')
export class ContactsController {
  constructor(
    private readonly em: EntityManager,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
  ) {}

  @Get()
  @ZodResponse(contactPageSchema)
  async page(@ZodQuery(pageQuerySchema) q: z.infer<typeof pageQuerySchema>) {
    const like = containsPattern(q.searchParam);
    const where = q.searchParam ? { $or: [{ name: { $ilike: like } }, { number: { $like: like } }, { email: { $ilike: like } }] } : {};
    const rows = await this.em.find(ContactSchema, where, { orderBy: { name: 'asc', id: 'asc' }, limit: PAGE_SIZE + 1, offset: (q.pageNumber - 1) * PAGE_SIZE });
    return { contacts: rows.slice(0, PAGE_SIZE).map(toDto), hasMore: rows.length > PAGE_SIZE };
  }

  @Get('list')
  @ZodResponse(z.array(z.object({ id: z.number().int(), name: z.string(), number: z.string() })))
  async list() {
    const rows = await this.em.find(ContactSchema, {}, { orderBy: { name: 'asc' }, fields: ['id', 'name', 'number'], limit: 5000 });
    return rows.map((c) => ({ id: c.id, name: c.name, number: c.number }));
  }

  @Get(':id')
  @ZodResponse(contactSchema)
  async show(@ZodParam('id', idParamSchema) id: number) {
    return toDto(await this.get(id));
  }

  @Post()
  @ZodResponse(contactSchema)
  async create(@ZodBody(contactInputSchema) body: ContactInput, @CurrentUser() user: AuthUser) {
    const c = this.em.create(ContactSchema, { companyId: user.companyId, ...body });
    await this.save();
    return this.publish(c);
  }

  @Put(':id')
  @ZodResponse(contactSchema)
  async update(@ZodParam('id', idParamSchema) id: number, @ZodBody(contactInputSchema) body: ContactInput) {
    const c = await this.get(id);
    this.em.assign(c, body);
    await this.save();
    return this.publish(c);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('contacts-page:deleteContact')
  async remove(@ZodParam('id', idParamSchema) id: number): Promise<void> {
    const c = await this.get(id);
    await this.em.remove(c).flush();
    this.realtime.toCompany(c.companyId, 'contact', { action: 'delete', contactId: id });
  }

  private async get(id: number): Promise<Contact> {
    const c = await this.em.findOne(ContactSchema, { id });
    if (!c) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    return c;
  }

  /** One contact per number per company: the database says so, the API names it. */
  private async save() {
    try {
      await this.em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw AppError.conflict('ERR_DUPLICATED_CONTACT');
      throw err;
    }
  }

  private publish(c: Contact): ContactDto {
    const dto = toDto(c);
    this.realtime.toCompany(c.companyId, 'contact', { action: 'update', contact: dto });
    return dto;
  }
}
