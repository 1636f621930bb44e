import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { z } from 'zod';
import { definedFields, type contactInputSchema, type ContactDto } from '@atende/core-contract';
import { AppError, REALTIME, containsPattern, type RealtimePublisher } from '@atende/sdk-server';
import { WhatsappSchema } from '../connections/whatsapp.entity.js';
import { ContactSchema, type Contact } from './contact.entity.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { contactDto } from './contact-dto.js';
import { csvField, parseContactSheet } from './contact-sheet.js';

type ContactInput = z.infer<typeof contactInputSchema>;

const PAGE_SIZE = 40;
const EXPORT_BATCH = 1000;
const INSERT_BATCH = 1000;

/**
 * The company's contacts (issue 11 item 4: the rules the HTTP API and the SDK's Contacts port share).
 * Every method names the company and works on a tenant-filtered EntityManager of its own.
 */
@Injectable()
export class ContactsService {
  constructor(
    private readonly orm: MikroORM,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly events: DomainEventsService,
  ) {}

  async page(companyId: number, q: { searchParam?: string; pageNumber: number }) {
    const like = q.searchParam ? containsPattern(q.searchParam) : '';
    const where = like ? { $or: [{ name: { $ilike: like } }, { number: { $like: like } }, { email: { $ilike: like } }] } : {};
    const rows = await tenantEm(this.orm, companyId).find(ContactSchema, where, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: PAGE_SIZE + 1,
      offset: (q.pageNumber - 1) * PAGE_SIZE,
    });
    return { contacts: rows.slice(0, PAGE_SIZE).map(contactDto), hasMore: rows.length > PAGE_SIZE };
  }

  async names(companyId: number) {
    const rows = await tenantEm(this.orm, companyId).find(ContactSchema, {}, { orderBy: { name: 'asc' }, fields: ['id', 'name', 'number'], limit: 5000 });
    return rows.map((c) => ({ id: c.id, name: c.name, number: c.number }));
  }

  async get(companyId: number, id: number): Promise<Contact> {
    const c = await tenantEm(this.orm, companyId).findOne(ContactSchema, { id });
    if (!c) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    return c;
  }

  async create(companyId: number, input: ContactInput): Promise<ContactDto> {
    const em = tenantEm(this.orm, companyId);
    const c = em.create(ContactSchema, { companyId, ...input });
    await flushUnique(em);
    return this.announce(c, true);
  }

  /** Partial: omitted fields keep their values. */
  async update(companyId: number, id: number, input: Partial<ContactInput>): Promise<ContactDto> {
    const em = tenantEm(this.orm, companyId);
    const c = await em.findOne(ContactSchema, { id });
    if (!c) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    em.assign(c, definedFields(input));
    await flushUnique(em);
    return this.announce(c, false);
  }

  async remove(companyId: number, id: number): Promise<void> {
    const em = tenantEm(this.orm, companyId);
    const c = await em.findOne(ContactSchema, { id });
    if (!c) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    await em.remove(c).flush();
    this.realtime.toCompany(companyId, 'contact', { action: 'delete', contactId: id });
  }

  /** After a contact was created or changed: `contact.upserted` for subscribers, the screens' update. */
  announce(c: Contact, created: boolean): ContactDto {
    const dto = contactDto(c);
    this.events.emit('contact.upserted', c.companyId, { contactId: c.id, number: c.number, name: c.name, created });
    this.realtime.toCompany(c.companyId, 'contact', { action: created ? 'create' : 'update', contact: dto });
    return dto;
  }

  /**
   * Every contact of the company as CSV lines (name, number, email, extra info as `name: value; …`),
   * handed to `write` in batches of 1000 by id, never all in memory; `write` waits for back-pressure.
   */
  async exportCsv(companyId: number, write: (chunk: string) => Promise<void>): Promise<void> {
    const em = tenantEm(this.orm, companyId);
    await write('\uFEFFname,number,email,extraInfo\r\n');
    let lastId = 0;
    for (;;) {
      const rows = await em.find(ContactSchema, { id: { $gt: lastId } }, { orderBy: { id: 'asc' }, limit: EXPORT_BATCH });
      if (!rows.length) break;
      const lines = rows.map((c) => {
        const extra = (Array.isArray(c.extraInfo) ? c.extraInfo : []).map((e) => `${e.name}: ${e.value}`).join('; ');
        return [c.name, c.number, c.email, extra].map(csvField).join(',');
      });
      await write(lines.join('\r\n') + '\r\n');
      lastId = rows[rows.length - 1].id;
      em.clear();
      if (rows.length < EXPORT_BATCH) break;
    }
  }

  /**
   * Import from an .xlsx sheet (already size-checked). Valid rows whose number is new become contacts;
   * the rest are reported in errorBag with the reason (field errors, or ERR_DUPLICATED_CONTACT). The
   * screens get ONE `contact` {action: 'reload'} event when anything was created, not one per row.
   */
  async importSheet(companyId: number, content: Buffer) {
    const rows = await parseContactSheet(content);
    const errorBag: { contactName: string; error: { message: string } }[] = [];
    const fresh = new Map<string, { name: string; number: string; email: string }>();
    for (const r of rows) {
      if (!r.ok) errorBag.push({ contactName: r.contactName, error: { message: r.message } });
      else if (fresh.has(r.row.number)) errorBag.push({ contactName: r.row.name, error: { message: 'ERR_DUPLICATED_CONTACT' } });
      else fresh.set(r.row.number, r.row);
    }
    const newContacts: { contactId: number; contactName: string }[] = [];
    const conn = tenantEm(this.orm, companyId).getConnection();
    const batch = [...fresh.values()];
    for (let i = 0; i < batch.length; i += INSERT_BATCH) {
      const part = batch.slice(i, i + INSERT_BATCH);
      // One statement per batch; a number the company already has is skipped by its unique key.
      const inserted: { id: number; name: string; number: string }[] = await conn.execute(
        `insert into contacts (company_id, name, number, email) values ${part.map(() => '(?, ?, ?, ?)').join(', ')}
         on conflict (company_id, number) do nothing returning id, name, number`,
        part.flatMap((c) => [companyId, c.name, c.number, c.email]),
      );
      const created = new Set(inserted.map((r) => r.number));
      for (const c of part) if (!created.has(c.number)) errorBag.push({ contactName: c.name, error: { message: 'ERR_DUPLICATED_CONTACT' } });
      for (const row of inserted) newContacts.push({ contactId: row.id, contactName: row.name });
    }
    if (newContacts.length > 0) this.realtime.toCompany(companyId, 'contact', { action: 'reload' });
    return { newContacts, errorBag };
  }

  /**
   * Import from the phone (core-operations §7 POST /contacts/import). The numbers come from the phone
   * book the connection's session reported (channel_contacts); each one that is not a contact yet
   * becomes one, named as the phone names it (else the number), in one set-based statement. Existing
   * contacts are left as they are (the unique number per company decides, also against a concurrent
   * import). The connection must be CONNECTED (the phone book is the live session's); the screens get
   * ONE `contact` {action: 'reload'} event rather than one per contact.
   */
  async importFromPhone(companyId: number, whatsappId: number | undefined): Promise<{ imported: number }> {
    const em = tenantEm(this.orm, companyId);
    // Tenant-filtered: another company's connection is simply not found.
    const w = await em.findOne(WhatsappSchema, whatsappId ? { id: whatsappId } : { isDefault: true });
    if (!w) throw AppError.notFound(whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
    if (w.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    // `not exists` spares the id sequence on repeated imports; `on conflict` still settles races.
    const [{ imported }] = await em.getConnection().execute(
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
      [companyId, w.id],
    );
    if (imported > 0) this.realtime.toCompany(companyId, 'contact', { action: 'reload' });
    return { imported: imported as number };
  }
}

/** One contact per number per company: the database says so, the API names it. */
async function flushUnique(em: { flush(): Promise<void> }): Promise<void> {
  try {
    await em.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw AppError.conflict('ERR_DUPLICATED_CONTACT');
    throw err;
  }
}
