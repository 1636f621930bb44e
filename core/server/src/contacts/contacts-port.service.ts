import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError, type ConnectionSummary, type Connections, type ContactSummary, type Contacts } from '@atende/sdk-server';
import { WhatsappSchema, type Whatsapp } from '../connections/whatsapp.entity.js';
import { ContactSchema, type Contact } from './contact.entity.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { tenantEm } from '../tenancy/tenant-filter.js';
import { contactDto } from './contact-dto.js';

const NUMBER = /^\d{8,15}$/;

const contactSummary = (c: Contact): ContactSummary => ({
  id: c.id,
  name: c.name,
  number: c.number,
  email: c.email,
  isGroup: c.isGroup,
  extraInfo: (c.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
});

const connectionSummary = (w: Whatsapp): ConnectionSummary => ({ id: w.id, name: w.name, provider: w.provider, status: w.status, isDefault: w.isDefault });

/** The SDK's Contacts port (tenant-scoped by the company each call names). */
@Injectable()
export class ContactsPortService implements Contacts {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: DomainEventsService,
    private readonly realtime: RealtimeGateway,
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
    const summary = contactSummary(contact);
    this.events.emit('contact.upserted', companyId, { contactId: contact.id, number: contact.number, name: contact.name, created });
    this.realtime.toCompany(companyId, 'contact', { action: created ? 'create' : 'update', contact: contactDto(contact) });
    return summary;
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
}

/** The SDK's Connections port. */
@Injectable()
export class ConnectionsPortService implements Connections {
  constructor(private readonly orm: MikroORM) {}

  async list(companyId: number): Promise<ConnectionSummary[]> {
    return (await tenantEm(this.orm, companyId).find(WhatsappSchema, {}, { orderBy: { id: 'asc' } })).map(connectionSummary);
  }

  async get(companyId: number, id: number): Promise<ConnectionSummary | null> {
    const w = await tenantEm(this.orm, companyId).findOne(WhatsappSchema, { id });
    return w ? connectionSummary(w) : null;
  }
}
