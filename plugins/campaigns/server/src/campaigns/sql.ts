import type { EntityManager } from '@mikro-orm/core';

/** Raw SQL inside the manager's transaction when it has one. Every statement of this plugin carries company_id. */
export function q<T = Record<string, unknown>>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T[]>;
}

export interface CampaignRow {
  id: number;
  company_id: number;
  name: string;
  status: 'INATIVA' | 'PROGRAMADA' | 'EM_ANDAMENTO' | 'CANCELADA' | 'FINALIZADA';
  message1: string | null;
  message2: string | null;
  message3: string | null;
  message4: string | null;
  message5: string | null;
  media_path: string | null;
  media_name: string | null;
  recipient_type: 'tags' | 'contacts';
  tag_id: number | null;
  contact_list_id: number | null;
  add_tag_id: number | null;
  remove_tag_id: number | null;
  whatsapp_id: number | null;
  schedule_type: 'now' | 'schedule' | null;
  confirm_now: Date | null;
  scheduled_at: Date | null;
  completed_at: Date | null;
  max_contacts: number | null;
  created_at: Date;
  updated_at: Date;
}

export const MESSAGE_COLUMNS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
