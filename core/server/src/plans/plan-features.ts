import type { EntityManager } from '@mikro-orm/postgresql';

/** The stored values of the given declared features for one plan (a missing row is off). */
export async function readPlanFeatures(em: EntityManager, planId: number, keys: string[]): Promise<Record<string, boolean>> {
  const rows = await em.getConnection().execute<{ feature: string; enabled: boolean }[]>(
    'select feature, enabled from plan_features where plan_id = ? and feature = any(array[?]::text[])',
    [planId, keys],
  );
  const on = new Map(rows.map((r) => [r.feature, r.enabled]));
  return Object.fromEntries(keys.map((k) => [k, on.get(k) ?? false]));
}

/** The stored values of every plan's declared features, by plan id (one statement for a list). */
export async function readAllPlanFeatures(em: EntityManager, planIds: number[], keys: string[]): Promise<Map<number, Record<string, boolean>>> {
  const out = new Map<number, Record<string, boolean>>(planIds.map((id) => [id, Object.fromEntries(keys.map((k) => [k, false]))]));
  if (!planIds.length || !keys.length) return out;
  const rows = await em.getConnection().execute<{ plan_id: number; feature: string; enabled: boolean }[]>(
    'select plan_id, feature, enabled from plan_features where plan_id = any(array[?]::int[]) and feature = any(array[?]::text[])',
    [planIds, keys],
  );
  for (const r of rows) out.get(r.plan_id)![r.feature] = r.enabled;
  return out;
}

/** Upserts the given features of a plan, inside the caller's transaction (the plan row's). */
export async function writePlanFeatures(em: EntityManager, planId: number, features: Record<string, boolean>): Promise<void> {
  const entries = Object.entries(features);
  if (!entries.length) return;
  await em.getConnection().execute(
    `insert into plan_features (plan_id, feature, enabled)
       select ?, f, e from unnest(array[?]::text[], array[?]::boolean[]) as t(f, e)
     on conflict (plan_id, feature) do update set enabled = excluded.enabled`,
    [planId, entries.map(([k]) => k), entries.map(([, v]) => v)],
    'run',
    em.getTransactionContext(),
  );
}
