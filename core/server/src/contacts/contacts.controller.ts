import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Controller, Delete, Get, HttpCode, Inject, Post, Put, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { z } from 'zod';
import {
  CONTACT_IMPORT_LIMITS,
  contactImportResultSchema,
  contactInputSchema,
  contactUpdateSchema,
  definedFields,
  contactPageSchema,
  contactPhoneImportResultSchema,
  contactPhoneImportSchema,
  contactSchema,
  idParamSchema,
  pageQuerySchema,
  type ContactDto,
} from '@atende/core-contract';
import { AppError, CurrentUser, REALTIME, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser, type RealtimePublisher, containsPattern } from '@atende/sdk-server';
import { WhatsappSchema } from '../connections/whatsapp.entity.js';
import { ContactSchema, type Contact } from './contact.entity.js';
import { UploadInterceptor, uploadedFiles } from '../media/upload.interceptor.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { contactDto as toDto } from './contact-dto.js';
import { csvField, parseContactSheet } from './contact-sheet.js';

const EXPORT_BATCH = 1000;
const INSERT_BATCH = 1000;
const isXlsxName = (file: Express.Multer.File) => path.extname(file.originalname).toLowerCase() === '.xlsx';

const PAGE_SIZE = 40;
type ContactInput = z.infer<typeof contactInputSchema>;


/** The company's contacts (tenant filter). Everyone works with contacts; only admins delete them. */
@Controller('contacts')
export class ContactsController {
  constructor(
    private readonly em: EntityManager,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly events: DomainEventsService,
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

  /**
   * Every contact of the company as CSV (UTF-8 with a BOM so spreadsheets read accents): name,
   * number, email, extra info (`name: value; …`). Written in batches of 1000 by id, never all in memory.
   */
  @Get('export')
  @RequirePermission('contacts-page:exportContacts')
  async export(@Res() res: Response): Promise<void> {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="contacts.csv"');
    res.setHeader('Cache-Control', 'no-store');
    res.write('\uFEFFname,number,email,extraInfo\r\n');
    let lastId = 0;
    for (;;) {
      const rows = await this.em.find(ContactSchema, { id: { $gt: lastId } }, { orderBy: { id: 'asc' }, limit: EXPORT_BATCH });
      if (!rows.length) break;
      const lines = rows.map((c) => {
        const extra = (Array.isArray(c.extraInfo) ? c.extraInfo : []).map((e) => `${e.name}: ${e.value}`).join('; ');
        return [c.name, c.number, c.email, extra].map(csvField).join(',');
      });
      // Respect back-pressure: wait for the socket to drain before the next batch.
      if (!res.write(lines.join('\r\n') + '\r\n')) await new Promise((resolve) => res.once('drain', resolve));
      lastId = rows[rows.length - 1].id;
      this.em.clear();
      if (rows.length < EXPORT_BATCH) break;
    }
    res.end();
  }

  /**
   * Import from .xlsx (multipart `file`; extension .xlsx and content exceljs can open; 5 MB, 10,000
   * rows). Valid rows whose number is new become contacts; the rest are reported in errorBag with the
   * reason (field errors, or ERR_DUPLICATED_CONTACT). Like the import from the phone, the screens get
   * ONE `contact` {action: 'reload'} event when anything was created (none otherwise), not one per row:
   * a sheet holds up to 10,000.
   */
  @Post('upload')
  @HttpCode(200)
  @UseInterceptors(UploadInterceptor('file', 1, CONTACT_IMPORT_LIMITS.bytes, isXlsxName))
  @ZodResponse(contactImportResultSchema)
  async upload(@Req() req: Request, @CurrentUser() user: AuthUser) {
    const [file] = uploadedFiles(req);
    if (!file) throw AppError.validation([{ path: 'file', message: 'required' }]);
    // At most CONTACT_IMPORT_LIMITS.bytes (5 MB), enforced while it streamed to disk.
    const rows = await parseContactSheet(await readFile(file.path));
    const errorBag: { contactName: string; error: { message: string } }[] = [];
    const fresh = new Map<string, { name: string; number: string; email: string }>();
    for (const r of rows) {
      if (!r.ok) errorBag.push({ contactName: r.contactName, error: { message: r.message } });
      else if (fresh.has(r.row.number)) errorBag.push({ contactName: r.row.name, error: { message: 'ERR_DUPLICATED_CONTACT' } });
      else fresh.set(r.row.number, r.row);
    }
    const newContacts: { contactId: number; contactName: string }[] = [];
    const conn = this.em.getConnection();
    const batch = [...fresh.values()];
    for (let i = 0; i < batch.length; i += INSERT_BATCH) {
      const part = batch.slice(i, i + INSERT_BATCH);
      // One statement per batch; a number the company already has is skipped by its unique key.
      const inserted: { id: number; name: string; number: string }[] = await conn.execute(
        `insert into contacts (company_id, name, number, email) values ${part.map(() => '(?, ?, ?, ?)').join(', ')}
         on conflict (company_id, number) do nothing returning id, name, number`,
        part.flatMap((c) => [user.companyId, c.name, c.number, c.email]),
      );
      const created = new Set(inserted.map((r) => r.number));
      for (const c of part) if (!created.has(c.number)) errorBag.push({ contactName: c.name, error: { message: 'ERR_DUPLICATED_CONTACT' } });
      for (const row of inserted) newContacts.push({ contactId: row.id, contactName: row.name });
    }
    if (newContacts.length > 0) this.realtime.toCompany(user.companyId, 'contact', { action: 'reload' });
    return { newContacts, errorBag };
  }

  /**
   * Import from the phone (core-operations §7 POST /contacts/import). The numbers come from the phone
   * book the connection's session reported (channel_contacts, see InboundService.contact); each one
   * that is not a contact yet becomes one, named as the phone names it (else the number), in one
   * set-based statement. Existing contacts are left as they are (the unique number per company decides,
   * also against a concurrent import). Decisions: admins only (contacts-page:importContacts: it pours a
   * connection's whole phone book into the company's contacts); the connection must be CONNECTED (the
   * phone book is the live session's); and the screens get ONE `contact` {action: 'reload'} event rather
   * than one per contact, since a phone book holds thousands.
   */
  @Post('import')
  @HttpCode(200)
  @RequirePermission('contacts-page:importContacts')
  @ZodResponse(contactPhoneImportResultSchema)
  async importFromPhone(@ZodBody(contactPhoneImportSchema) body: z.infer<typeof contactPhoneImportSchema>, @CurrentUser() user: AuthUser) {
    // Tenant-filtered: another company's connection is simply not found.
    const w = await this.em.findOne(WhatsappSchema, body.whatsappId ? { id: body.whatsappId } : { isDefault: true });
    if (!w) throw AppError.notFound(body.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
    if (w.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    // `not exists` spares the id sequence on repeated imports; `on conflict` still settles races.
    const [{ imported }] = await this.em.getConnection().execute(
      `with created as (
         insert into contacts (company_id, name, number, profile_pic_url, whatsapp_id)
         select b.company_id, coalesce(b.name, b.number), b.number, coalesce(b.profile_pic_url, ''), b.whatsapp_id
           from channel_contacts b
          where b.company_id = ? and b.whatsapp_id = ?
            and not exists (select 1 from contacts c where c.company_id = b.company_id and c.number = b.number)
          order by b.id
         on conflict (company_id, number) do nothing
         returning 1
       )
       select count(*)::int as imported from created`,
      [user.companyId, w.id],
    );
    if (imported > 0) this.realtime.toCompany(user.companyId, 'contact', { action: 'reload' });
    return { imported: imported as number };
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
    return this.publish(c, 'create');
  }

  @Put(':id')
  @ZodResponse(contactSchema)
  async update(@ZodParam('id', idParamSchema) id: number, @ZodBody(contactUpdateSchema) body: Partial<ContactInput>) {
    const c = await this.get(id);
    this.em.assign(c, definedFields(body));
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

  private publish(c: Contact, action: 'create' | 'update' = 'update'): ContactDto {
    const dto = toDto(c);
    this.events.emit('contact.upserted', c.companyId, { contactId: c.id, number: c.number, name: c.name, created: action === 'create' });
    this.realtime.toCompany(c.companyId, 'contact', { action, contact: dto });
    return dto;
  }
}
