import type { EntitySchema } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

export const TENANT_FILTER = 'tenant';

/**
 * Tenant isolation in one place: every entity with a `companyId` property (kernel or plugin) gets
 * this filter, on by default. The auth guard sets `companyId` per request; a query run without it
 * fails instead of returning other companies' rows. Code that must cross tenants (sign-in by e-mail,
 * the super user's platform screens) says so with `filters: { tenant: false }`.
 */
export function tenantFilter(entities: EntitySchema[]) {
  const names = entities.filter((e) => 'companyId' in (e.meta.properties ?? {})).map((e) => e.meta.className);
  return {
    [TENANT_FILTER]: {
      name: TENANT_FILTER,
      cond: (args: { companyId?: number }) => {
        if (typeof args?.companyId !== 'number') throw new Error('Tenant filter used without a company (missing request context).');
        return { companyId: args.companyId };
      },
      entity: names,
      default: true,
    },
  };
}

/** Options that turn the tenant filter off for one query, for the few places that must. */
export const ACROSS_TENANTS = { filters: { [TENANT_FILTER]: false } } as const;

/** A fresh EntityManager scoped to one company, for work outside an HTTP request (jobs, sockets). */
export function tenantEm(orm: MikroORM, companyId: number): EntityManager {
  const em = orm.em.fork();
  em.setFilterParams(TENANT_FILTER, { companyId });
  return em;
}
