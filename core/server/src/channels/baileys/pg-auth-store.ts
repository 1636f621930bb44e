import type { BaileysAuthStore } from './auth-store.js';

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
  }
}
