import { companySettingDefault, type CompanySettingKey, type ScheduleEntry } from '@atende/core-contract';
import type { InboundChainTicket } from '@atende/sdk-server';

type Exec = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Company options the kernel's bot handlers read (core-operations §3), with their defaults from the contract. */
const BOT_SETTINGS = ['scheduleType', 'sendGreetingMessageOneQueues'] as const satisfies readonly CompanySettingKey[];

export interface BotSettings {
  whatsapp: { id: number; greetingMessage: string; outOfHoursMessage: string; maxUseBotQueues: number; timeUseBotQueues: number };
  settings: Record<(typeof BOT_SETTINGS)[number], string>;
  companySchedules: ScheduleEntry[];
  /** When the bot first answered on this ticket (null: its first contact is still to come). */
  botStartedAt: Date | null;
  /** The connection's only queue (null with none or several): its new tickets are created in it. */
  soleQueueId: number | null;
}

/**
 * What the queue bot and the out-of-hours answer need, in one query: the ticket's connection options,
 * the company's bot settings (stored value or default) and hours, the ticket's first-contact mark and
 * the connection's only queue.
 */
export async function botSettings(exec: Exec, companyId: number, ticket: Pick<InboundChainTicket, 'id' | 'whatsappId'>): Promise<BotSettings | null> {
  const [row] = await exec(
    `select w.id, w.greeting_message, w.out_of_hours_message, w.max_use_bot_queues, w.time_use_bot_queues, c.schedules, t.bot_started_at,
            (select min(q.id) from whatsapp_queues wq join queues q on q.id = wq.queue_id and q.company_id = w.company_id
              where wq.whatsapp_id = w.id having count(*) = 1) as sole_queue_id,
            coalesce((select json_object_agg(s.key, s.value) from settings s
                       where s.company_id = w.company_id and s.key in (${BOT_SETTINGS.map(() => '?').join(', ')})), '{}'::json) as settings
       from tickets t
       join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id
       join companies c on c.id = t.company_id
      where t.id = ? and t.company_id = ?`,
    [...BOT_SETTINGS, ticket.id, companyId],
  );
  if (!row) return null;
  const stored = (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as Record<string, string>;
  return {
    whatsapp: {
      id: row.id as number,
      greetingMessage: (row.greeting_message as string) ?? '',
      outOfHoursMessage: (row.out_of_hours_message as string) ?? '',
      maxUseBotQueues: row.max_use_bot_queues as number,
      timeUseBotQueues: row.time_use_bot_queues as number,
    },
    settings: Object.fromEntries(BOT_SETTINGS.map((k) => [k, stored[k] ?? companySettingDefault(k)])) as BotSettings['settings'],
    companySchedules: (row.schedules as ScheduleEntry[] | null) ?? [],
    botStartedAt: row.bot_started_at ? new Date(row.bot_started_at as string) : null,
    soleQueueId: (row.sole_queue_id as number | null) ?? null,
  };
}
