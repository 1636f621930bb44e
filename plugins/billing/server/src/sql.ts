import type { EntityManager } from '@mikro-orm/core';

/** One raw query on the request's (or transaction's) connection. Every query of the plugin names company_id. */
export function query<T = Record<string, unknown>>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T[]>;
}

export const iso = (v: unknown): string => new Date(v as string | Date).toISOString();
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

export interface CompanyRow {
  id: number;
  name: string;
  email: string | null;
  plan_id: number | null;
  due_date: Date | null;
  recurrence: string;
  referral_code: string;
  referred_by_id: number | null;
  is_platform: boolean;
  created_at: Date;
  plan_name: string | null;
  plan_value: string | null;
  users: number | null;
  connections: number | null;
  queues: number | null;
}

/**
 * A company's commercial terms and plan, read from the kernel's tables (read-only, like other plugins
 * read `users`; every write goes through the COMPANIES port so it carries its audit row).
 */
export async function companyRow(em: EntityManager, companyId: number): Promise<CompanyRow | null> {
  const [row] = await query<CompanyRow>(
    em,
    `select c.id, c.name, c.email, c.plan_id, c.due_date, c.recurrence, c.referral_code, c.referred_by_id, c.is_platform, c.created_at,
            p.name as plan_name, p.value as plan_value, p.users, p.connections, p.queues
       from companies c left join plans p on p.id = c.plan_id
      where c.id = ?`,
    [companyId],
  );
  return row ?? null;
}

/** The company's current plan as a plan card (null without a plan). */
export const currentPlan = (c: CompanyRow) =>
  c.plan_id ? { id: c.plan_id, name: c.plan_name ?? '', value: Number(c.plan_value ?? 0), users: c.users ?? 0, connections: c.connections ?? 0, queues: c.queues ?? 0 } : null;
