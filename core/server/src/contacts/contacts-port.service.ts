import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError, containsPattern, type ContactSummary, type Contacts } from '@atende/sdk-server';
import { ContactSchema, type Contact } from './contact.entity.js';
import { ContactsService } from './contacts.service.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { outsideChain } from '../inbound/chain-scope.js';

const NUMBER = /^\d{8,15}$/;

const contactSummary = (c: Contact): ContactSummary => ({
  id: c.id,
  name: c.name,
  number: c.number,
  email: c.email,
  isGroup: c.isGroup,
  extraInfo: (c.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
});

/** The SDK's Contacts port (tenant-scoped by the company each call names). */
/** The most ids `matching` answers (see the port's doc). */
const MATCHING_MAX = 2000;

@Injectable()
export class ContactsPortService implements Contacts {
  constructor(
    private readonly orm: MikroORM,
    private readonly contacts: ContactsService,
  ) {}

  async get(companyId: number, id: number): Promise<ContactSummary | null> {
    const c = await tenantEm(this.orm, companyId).findOne(ContactSchema, { id });
    return c ? contactSummary(c) : null;
  }

  async byNumber(companyId: number, number: string): Promise<ContactSummary | null> {
    const c = await tenantEm(this.orm, companyId).findOne(ContactSchema, { number: number.replace(/\D/g, '') });
    return c ? contactSummary(c) : null;
  }

  async upsert(companyId: number, input: { number: string; name?: string; email?: string; extraInfo?: { name: string; value: string }[] }): Promise<ContactSummary> {
    outsideChain('Contacts.upsert');
    const number = input.number.replace(/\D/g, '');
    if (!NUMBER.test(number)) throw AppError.validation([{ path: 'number', message: 'invalid_number' }]);
    const em = tenantEm(this.orm, companyId);
    let contact = await em.findOne(ContactSchema, { number });
    const created = !contact;
    contact ??= em.create(ContactSchema, { companyId, number, name: input.name?.trim().slice(0, 100) || number });
    if (input.name?.trim()) contact.name = input.name.trim().slice(0, 100);
    if (input.email !== undefined) contact.email = input.email.trim().slice(0, 254);
    if (input.extraInfo?.length) {
      // Merged by field name: the caller's values win, the other fields stay.
      const merged = new Map((contact.extraInfo ?? []).map((f) => [f.name, f]));
      for (const f of input.extraInfo) merged.set(f.name, { ...merged.get(f.name), name: f.name.slice(0, 100), value: f.value.slice(0, 1000) });
      contact.extraInfo = [...merged.values()];
    }
    try {
      await em.flush();
    } catch (err) {
      // Created meanwhile (an inbound message, another caller): update that one instead.
      if (created && err instanceof UniqueConstraintViolationException) return this.upsert(companyId, input);
      throw err;
    }
    this.contacts.announce(contact, created);
    return contactSummary(contact);
  }

  async byTag(companyId: number, tagId: number, page: { afterId?: number; limit?: number } = {}): Promise<ContactSummary[]> {
    const limit = Math.min(Math.max(page.limit ?? 500, 1), 1000);
    const em = tenantEm(this.orm, companyId);
    // Contacts with a ticket carrying the tag; every join carries the company.
    const rows = await em.getConnection().execute<{ id: number }[]>(
      `select c.id from contacts c
        where c.company_id = ? and c.id > ?
          and exists (select 1 from tickets t join ticket_tags tt on tt.ticket_id = t.id
                       where t.company_id = c.company_id and t.contact_id = c.id and tt.tag_id = ?)
        order by c.id limit ?`,
      [companyId, page.afterId ?? 0, tagId, limit],
    );
    if (!rows.length) return [];
    const contacts = await em.find(ContactSchema, { id: { $in: rows.map((r) => Number(r.id)) } }, { orderBy: { id: 'asc' } });
    return contacts.map(contactSummary);
  }

  async many(companyId: number, contactIds: number[]): Promise<ContactSummary[]> {
    const ids = [...new Set(contactIds)].filter((id) => Number.isInteger(id) && id > 0);
    if (!ids.length) return [];
    const contacts = await tenantEm(this.orm, companyId).find(ContactSchema, { companyId, id: { $in: ids } }, { orderBy: { id: 'asc' } });
    return contacts.map(contactSummary);
  }

  async matching(companyId: number, text: string, limit = MATCHING_MAX): Promise<number[]> {
    const like = containsPattern(text);
    const cap = Math.max(1, Math.min(MATCHING_MAX, Math.trunc(limit) || MATCHING_MAX));
    const rows = await tenantEm(this.orm, companyId)
      .getConnection()
      .execute<{ id: number }[]>(`select id from contacts where company_id = ? and (name ilike ? or number ilike ?) order by id desc limit ${cap}`, [companyId, like, like]);
    return rows.map((r) => Number(r.id));
  }
}
