import type { BaileysAuthStore, SentMessageStore } from './auth-store.js';

/** Runs one SQL statement with positional `?` parameters (MikroORM's connection.execute, or a test double). */
export type Execute = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Baileys credentials and keys of one connection in channel_auth_state (values arrive already encrypted). */
export class PgAuthStore implements BaileysAuthStore {
  constructor(
    private readonly execute: Execute,
    private readonly whatsappId: number,
  ) {}

  async read(key: string): Promise<string | null> {
    const [row] = await this.execute('select value from channel_auth_state where whatsapp_id = ? and key = ?', [this.whatsappId, key]);
    return (row?.value as string | undefined) ?? null;
  }

  async write(key: string, value: string): Promise<void> {
    await this.execute(
      `insert into channel_auth_state (whatsapp_id, key, value) values (?, ?, ?)
       on conflict (whatsapp_id, key) do update set value = excluded.value, updated_at = now()`,
      [this.whatsappId, key, value],
    );
  }

  async remove(key: string): Promise<void> {
    await this.execute('delete from channel_auth_state where whatsapp_id = ? and key = ?', [this.whatsappId, key]);
  }

  async clear(): Promise<void> {
    await this.execute('delete from channel_auth_state where whatsapp_id = ?', [this.whatsappId]);
    await this.execute('delete from channel_sent_messages where whatsapp_id = ?', [this.whatsappId]);
  }

  /** Sent copies in channel_sent_messages (core_0025), pruned by age along the (connection, time) index. */
  readonly sent: SentMessageStore = {
    keep: async (id, value) => {
      await this.execute(
        `insert into channel_sent_messages (whatsapp_id, message_id, value) values (?, ?, ?)
         on conflict (whatsapp_id, message_id) do update set value = excluded.value`,
        [this.whatsappId, id, value],
      );
    },
    read: async (id) => {
      const [row] = await this.execute('select value from channel_sent_messages where whatsapp_id = ? and message_id = ?', [this.whatsappId, id]);
      return (row?.value as string | undefined) ?? null;
    },
    prune: async (before, max) => {
      // The newest `max` are kept whatever their age; of those older than the max-th newest, none.
      await this.execute(
        `delete from channel_sent_messages where whatsapp_id = ? and (created_at < ? or created_at < (
           select created_at from channel_sent_messages where whatsapp_id = ? order by created_at desc offset ? limit 1))`,
        [this.whatsappId, before, this.whatsappId, max - 1],
      );
    },
  };

  async readMany(keys: string[]): Promise<Map<string, string>> {
    if (!keys.length) return new Map();
    // Lists travel as one JSON parameter (never expanded into a variable number of placeholders).
    const rows = await this.execute('select key, value from channel_auth_state where whatsapp_id = ? and key in (select jsonb_array_elements_text(?::jsonb))', [
      this.whatsappId,
      JSON.stringify(keys),
    ]);
    return new Map(rows.map((r) => [r.key as string, r.value as string]));
  }

  /** One statement: a burst of signal-key changes lands whole or not at all (a data-modifying CTE is atomic). */
  async writeMany(entries: [string, string | null][]): Promise<void> {
    if (!entries.length) return;
    // The last change of a key wins, as with one write after the other.
    const last = new Map(entries);
    const upserts = [...last].filter(([, v]) => v !== null) as [string, string][];
    const removals = [...last].filter(([, v]) => v === null).map(([k]) => k);
    await this.execute(
      `with removed as (delete from channel_auth_state where whatsapp_id = ? and key in (select jsonb_array_elements_text(?::jsonb)))
       insert into channel_auth_state (whatsapp_id, key, value)
       select ?, t.k, t.v from jsonb_to_recordset(?::jsonb) as t(k text, v text)
       on conflict (whatsapp_id, key) do update set value = excluded.value, updated_at = now()`,
      [this.whatsappId, JSON.stringify(removals), this.whatsappId, JSON.stringify(upserts.map(([k, v]) => ({ k, v })))],
    );
  }

  async prune(prefix: string, before: Date): Promise<void> {
    await this.execute(`delete from channel_auth_state where whatsapp_id = ? and starts_with(key, ?) and updated_at < ?`, [this.whatsappId, prefix, before]);
  }
}
