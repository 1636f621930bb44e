import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { CONNECTIONS, type Connections } from '@atende/sdk-server';
import type { Campaign } from '@atende/plugin-campaigns-contract';
import { EMPTY_PROGRESS, progressOf, toDto } from './campaign.dto.js';
import { q, type CampaignRow } from './sql.js';

/** Campaigns as the API answers them: with list and connection names and the send log's counts. */
@Injectable()
export class CampaignReader {
  constructor(
    private readonly em: EntityManager,
    @Inject(CONNECTIONS) private readonly connections: Connections,
  ) {}

  async findDto(companyId: number, id: number): Promise<Campaign | null> {
    const em = this.em.fork();
    const [row] = await q<CampaignRow>(em, `select * from campaigns where id = ? and company_id = ?`, [id, companyId]);
    return row ? (await this.dtos(em, companyId, [row]))[0]! : null;
  }

  async dtos(em: EntityManager, companyId: number, rows: CampaignRow[]): Promise<Campaign[]> {
    if (!rows.length) return [];
    const progress = await progressOf(em, companyId, rows.map((r) => r.id));
    const listIds = [...new Set(rows.map((r) => r.contact_list_id).filter((x): x is number => !!x))];
    const lists = listIds.length
      ? new Map(
          (await q<{ id: number; name: string }>(em, `select id, name from contact_lists where company_id = ? and id in (${listIds.map(() => '?').join(', ')})`, [companyId, ...listIds])).map((l) => [
            l.id,
            l.name,
          ]),
        )
      : new Map<number, string>();
    const conns = rows.some((r) => r.whatsapp_id) ? new Map((await this.connections.list(companyId)).map((c) => [c.id, c.name])) : new Map<number, string>();
    return rows.map((r) =>
      toDto(r, { list: r.contact_list_id ? lists.get(r.contact_list_id) : null, whatsapp: r.whatsapp_id ? conns.get(r.whatsapp_id) : null }, progress.get(r.id) ?? EMPTY_PROGRESS),
    );
  }
}
