import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { ConnectionSummary, Connections } from '@atende/sdk-server';
import { WhatsappSchema, type Whatsapp } from './whatsapp.entity.js';
import { tenantEm } from '../tenancy/tenant-filter.js';

const connectionSummary = (w: Whatsapp): ConnectionSummary => ({ id: w.id, name: w.name, provider: w.provider, status: w.status, isDefault: w.isDefault });

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
