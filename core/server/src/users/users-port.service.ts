import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { UserSummary, Users } from '@atende/sdk-server';
import { UserSchema, type User } from './user.entity.js';
import { ACROSS_TENANTS, tenantEm } from '../tenancy/tenant-filter.js';

const summary = (u: User): UserSummary => ({ id: u.id, companyId: u.companyId, name: u.name, email: u.email, profile: u.profile, super: u.super, enabled: u.enabled });

/** The SDK's Users port (read-only): `list` is scoped to the company it names; `get`/`byEmail` are platform reads. */
@Injectable()
export class UsersPortService implements Users {
  constructor(private readonly orm: MikroORM) {}

  async list(companyId: number, userIds: number[]): Promise<UserSummary[]> {
    const ids = [...new Set(userIds)].filter((id) => Number.isInteger(id) && id > 0);
    if (!ids.length) return [];
    const rows = await tenantEm(this.orm, companyId).find(UserSchema, { companyId, id: { $in: ids } }, { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(summary);
  }

  async get(userId: number): Promise<UserSummary | null> {
    const u = await this.orm.em.fork().findOne(UserSchema, { id: userId }, ACROSS_TENANTS);
    return u ? summary(u) : null;
  }

  async byEmail(email: string): Promise<UserSummary | null> {
    const u = await this.orm.em.fork().findOne(UserSchema, { email: { $ilike: email.trim().replace(/[\\%_]/g, (c) => `\\${c}`) } }, ACROSS_TENANTS);
    return u ? summary(u) : null;
  }
}
