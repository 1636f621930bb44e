import type { Exec } from '../tickets/ticket-dto-sql.js';

/**
 * Holding a ticket on the inbound chain (issue 11 item 2): one place that writes the holder columns,
 * used by the chain's context, the Tickets port and the kernel's resolve-time rating request.
 */
export const HOLDER_KEY = /^[a-z][a-z0-9-]*\.[a-zA-Z0-9.-]{1,100}$/;

/** Holds the ticket for `key` with `state` (JSON), until `ttlMs` from now (no end when absent). */
export async function holdTicket(exec: Exec, companyId: number, ticketId: number, key: string, state: unknown, ttlMs?: number): Promise<void> {
  if (!HOLDER_KEY.test(key)) throw new Error(`Holder key "${key}" must be "<plugin id>.<name>".`);
  if (ttlMs !== undefined && !(Number.isInteger(ttlMs) && ttlMs > 0)) throw new Error('ttlMs must be a positive integer.');
  await exec(
    `update tickets set holder = ?, holder_state = ?::jsonb,
            held_until = case when ?::bigint is null then null else now() + (?::bigint * interval '1 millisecond') end
      where id = ? and company_id = ?`,
    [key, JSON.stringify(state ?? null), ttlMs ?? null, ttlMs ?? null, ticketId, companyId],
  );
}

/** Lets go of the ticket (whoever held it). */
export async function releaseTicket(exec: Exec, companyId: number, ticketId: number): Promise<void> {
  await exec(`update tickets set holder = null, holder_state = null, held_until = null where id = ? and company_id = ? and holder is not null`, [ticketId, companyId]);
}

/** SQL: the ticket alias `t` is held now (a hold past its end counts as released). */
export const heldSql = (t: string) => `(${t}.holder is not null and (${t}.held_until is null or ${t}.held_until > now()))`;
