import type { EntityManager } from '@mikro-orm/core';

/** One raw query on the request's (or transaction's) connection. Every query of the plugin names company_id. */
export function query<T = Record<string, unknown>>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T[]>;
}

export const iso = (v: unknown): string => new Date(v as string | Date).toISOString();
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
