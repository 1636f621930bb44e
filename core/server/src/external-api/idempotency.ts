import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '@atende/sdk-server';
import type { ExternalSendAnswer } from '@atende/core-contract';

/** How long a key is remembered: a replay after this sends again. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** After this, a claim without an answer is taken to be abandoned (its process died mid-call). */
const ABANDONED_CLAIM_MINUTES = 2;
/** How long a replay waits for the first call (still sending) before it answers 409. */
const WAIT_MS = 10_000;
const POLL_MS = 100;

type Outcome = { replayed: true; answer: ExternalSendAnswer } | { replayed: false; release: (answer: ExternalSendAnswer | null) => Promise<void> };

/**
 * Idempotency keys of the external API in PostgreSQL (api_requests): the first call with a key claims
 * it with one INSERT under a unique index, so two calls racing with the same key cannot both send;
 * the loser waits for the winner's answer and returns it. A call that fails gives its key back, so the
 * caller's retry sends.
 */
@Injectable()
export class IdempotencyKeys {
  constructor(private readonly em: EntityManager) {}

  async claim(companyId: number, whatsappId: number, key: string): Promise<Outcome> {
    const db = this.em.fork().getConnection();
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      // A key older than the TTL is forgotten (and so is any other this connection left behind).
      await db.execute(`delete from api_requests where company_id = ? and whatsapp_id = ? and created_at < now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'`, [companyId, whatsappId]);
      // A claim with no answer long after any send would have ended was left by a process that died
      // mid-call: it is taken over, not held for the whole TTL (a send takes seconds; a media fetch ≤ 20 s).
      await db.execute(`delete from api_requests where company_id = ? and whatsapp_id = ? and idempotency_key = ? and answer is null and created_at < now() - interval '${ABANDONED_CLAIM_MINUTES} minutes'`, [companyId, whatsappId, key]);
      const [mine] = (await db.execute(
        `insert into api_requests (company_id, whatsapp_id, idempotency_key) values (?, ?, ?) on conflict (whatsapp_id, idempotency_key) do nothing returning id`,
        [companyId, whatsappId, key],
      )) as { id: string }[];
      if (mine) {
        return {
          replayed: false,
          release: async (answer) => {
            if (answer) await db.execute(`update api_requests set status_code = 200, answer = ? where id = ? and company_id = ?`, [JSON.stringify(answer), mine.id, companyId]);
            else await db.execute(`delete from api_requests where id = ? and company_id = ?`, [mine.id, companyId]);
          },
        };
      }
      const [first] = (await db.execute(`select answer from api_requests where company_id = ? and whatsapp_id = ? and idempotency_key = ?`, [companyId, whatsappId, key])) as {
        answer: ExternalSendAnswer | string | null;
      }[];
      if (first?.answer) return { replayed: true, answer: typeof first.answer === 'string' ? (JSON.parse(first.answer) as ExternalSendAnswer) : first.answer };
      // Still sending (or just given back: the next turn claims it).
      if (Date.now() > deadline) throw new AppError('ERR_REQUEST_IN_PROGRESS', 409);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}
