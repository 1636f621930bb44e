import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/core';
import type { Tenancy } from '@atende/sdk-server';
import { tenantEm } from './tenant-filter.js';

/** The SDK's Tenancy port: the same fail-closed tenant filter as a request, for work outside one. */
@Injectable()
export class TenancyService implements Tenancy {
  constructor(private readonly orm: MikroORM) {}

  forCompany<T>(companyId: number, work: (em: EntityManager) => Promise<T>): Promise<T> {
    if (!Number.isInteger(companyId) || companyId <= 0) return Promise.reject(new Error(`Not a company id: ${companyId}`));
    return work(tenantEm(this.orm, companyId) as unknown as EntityManager);
  }
}
