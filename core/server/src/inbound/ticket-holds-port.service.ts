import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { TicketHolds } from '@atende/sdk-server';
import { notObserving, outsideChain } from './chain-scope.js';
import { heldSql } from './ticket-holder.js';

/** The SDK's TicketHolds port: reads and compare-and-release of the holder columns, by company. */
@Injectable()
export class TicketHoldsPortService implements TicketHolds {
  constructor(private readonly orm: MikroORM) {}

  async holder(companyId: number, ticketId: number): Promise<string | null> {
    const [row] = await this.orm.em
      .getConnection()
      .execute(`select t.holder, ${heldSql('t')} as held from tickets t where t.id = ? and t.company_id = ?`, [ticketId, companyId]);
    return row?.held ? (row.holder as string) : null;
  }

  async release(companyId: number, ticketId: number, key: string): Promise<boolean> {
    outsideChain('TicketHolds.release');
    notObserving('TicketHolds.release');
    const rows = await this.orm.em
      .getConnection()
      .execute(`update tickets set holder = null, holder_state = null, held_until = null where id = ? and company_id = ? and holder = ? returning id`, [ticketId, companyId, key]);
    return rows.length > 0;
  }
}
