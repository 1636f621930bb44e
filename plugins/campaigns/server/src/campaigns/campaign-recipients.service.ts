import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  CAMPAIGN_MAX_CONTACTS,
  CAMPAIGN_RECIPIENTS_PAGE_SIZE,
  recipientsCsv,
  type CampaignRecipient,
  type CampaignRecipientPage,
  type CampaignRecipientStatus,
} from '@atende/plugin-campaigns-contract';
import { campaignNotFound } from './campaigns.service.js';
import { q } from './sql.js';

interface ShippingRow {
  id: number;
  number: string;
  name: string;
  variant: number;
  status: CampaignRecipientStatus;
  error: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  total?: string | number;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const toRecipient = (r: ShippingRow): CampaignRecipient => ({
  id: r.id,
  number: r.number,
  name: r.name,
  // Stored 0-based (the index of message1…message5); the report says "message 1…5".
  variant: r.variant + 1,
  status: r.status,
  error: r.error,
  sentAt: iso(r.sent_at),
  deliveredAt: iso(r.delivered_at),
});

/** The CSV header per language (the web's report columns, same words). */
const HEADERS: Record<'es' | 'pt' | 'en', string[]> = {
  es: ['Número', 'Nombre', 'Variante', 'Estado', 'Motivo del fallo', 'Enviado', 'Entregado'],
  pt: ['Número', 'Nome', 'Variante', 'Status', 'Motivo da falha', 'Enviado', 'Entregue'],
  en: ['Number', 'Name', 'Variant', 'Status', 'Failure reason', 'Sent', 'Delivered'],
};

/** A campaign's per-recipient report (issue 38 item 8), read from its shipping rows; every query carries company_id. */
@Injectable()
export class CampaignRecipientsService {
  constructor(private readonly em: EntityManager) {}

  private async owned(em: EntityManager, companyId: number, id: number) {
    const [row] = await q(em, `select id from campaigns where id = ? and company_id = ?`, [id, companyId]);
    if (!row) throw campaignNotFound();
  }

  async page(companyId: number, id: number, pageNumber: number, status?: CampaignRecipientStatus): Promise<CampaignRecipientPage> {
    const em = this.em.fork();
    await this.owned(em, companyId, id);
    const offset = (pageNumber - 1) * CAMPAIGN_RECIPIENTS_PAGE_SIZE;
    const rows = await q<ShippingRow>(
      em,
      `select id, number, name, variant, status, error, sent_at, delivered_at, count(*) over () as total
         from campaign_shipping where company_id = ? and campaign_id = ?${status ? ' and status = ?' : ''}
        order by id limit ${CAMPAIGN_RECIPIENTS_PAGE_SIZE} offset ${offset}`,
      status ? [companyId, id, status] : [companyId, id],
    );
    const count = rows.length ? Number(rows[0]!.total) : 0;
    return { records: rows.map(toRecipient), count, hasMore: offset + rows.length < count };
  }

  /** Every recipient (a campaign has at most CAMPAIGN_MAX_CONTACTS) as CSV. */
  async csv(companyId: number, id: number, lang: 'es' | 'pt' | 'en'): Promise<string> {
    const em = this.em.fork();
    await this.owned(em, companyId, id);
    const rows = await q<ShippingRow>(
      em,
      `select id, number, name, variant, status, error, sent_at, delivered_at from campaign_shipping
        where company_id = ? and campaign_id = ? order by id limit ${CAMPAIGN_MAX_CONTACTS}`,
      [companyId, id],
    );
    return recipientsCsv(HEADERS[lang], rows.map(toRecipient));
  }
}
