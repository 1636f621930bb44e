import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { PLUGIN_CONTEXT, REALTIME, TENANCY, TICKETS, createLogger, type PluginContext, type RealtimePublisher, type Tenancy, type Tickets } from '@atende/sdk-server';
import type { DomainEvent } from '@atende/core-contract';
import { DASHBOARD_EVENT } from '@atende/plugin-dashboard-contract';
import { rollupOf, ticketIdOf, type Counter, type RollupRow, type TicketState } from './deltas.js';
import { localDayHour } from './local-time.js';
import { ReadCache } from '../cache/read-cache.js';

const EVENTS = ['ticket.created', 'ticket.updated', 'ticket.tagged', 'message.received', 'message.sent', 'contact.upserted'] as const;
const COUNTERS: Counter[] = ['created', 'accepted', 'closed', 'reopened', 'transferred', 'wait_ms', 'wait_n', 'handle_ms', 'handle_n', 'msgs_in', 'msgs_out', 'new_contacts', 'abandoned', 'reply_ms', 'reply_n', 'qualified', 'hot', 'active_contacts'];

type Exec = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Keeps the rollups from the kernel's durable domain events, handed over in batches (an inbound flood
 * told one event per message, one queue job and one transaction each): one transaction per company
 * in a batch, in which the events' ids are inserted (a repeated delivery finds its id and changes
 * nothing), the tickets' states updated and the counters added, a few statements per batch
 * (applyCompany). Batches come one at a time, their events in the order they were emitted, so a
 * ticket's changes apply in the order they were told.
 */
@Injectable()
export class RollupWriter implements OnModuleInit, OnModuleDestroy {
  private readonly log = createLogger('dashboard.rollup');
  private pruner: ReturnType<typeof setInterval> | null = null;
  private stopPresence: (() => void) | null = null;
  constructor(
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly em: EntityManager,
    private readonly cache: ReadCache,
  ) {}

  onModuleInit(): void {
    this.plugin.events.subscribeBatches([...EVENTS], (events) => this.apply(events as DomainEvent[]), { attempts: 8 });
    // "Online now" is read from the PRESENCE port on each refetch: a connection change only nudges the
    // screens (in-process, in the process holding the socket; nothing to keep, so nothing durable).
    this.stopPresence = this.plugin.events.on('user.presence', (event) => {
      this.cache.changed(event.companyId); // the agents' "online" column is read with the figures
      this.realtime.toCompany(event.companyId, DASHBOARD_EVENT, { event: event.name }, { permission: 'dashboard:view' });
    });
    // Event ids only need to outlive the queue's retries (minutes to hours): drop those older than 2 days.
    this.pruner = setInterval(() => void this.prune(), 3_600_000);
    this.pruner.unref();
  }

  onModuleDestroy(): void {
    if (this.pruner) clearInterval(this.pruner);
    this.stopPresence?.();
  }

  private async prune(): Promise<void> {
    try {
      // Platform-wide housekeeping of the plugin's own table (every company's old ids), not a tenant read.
      await this.em.fork().getConnection().execute(`delete from dashboard_seen_events where seen_at < now() - interval '2 days'`);
    } catch (err) {
      this.log.warn(`pruning seen events failed: ${(err as Error).message}`);
    }
  }

  /** A batch of events: each company's in one transaction, in the order told; then the screens are nudged once per company. */
  async apply(events: DomainEvent[]): Promise<void> {
    const byCompany = new Map<number, DomainEvent[]>();
    for (const event of events) {
      const own = byCompany.get(event.companyId);
      if (own) own.push(event);
      else byCompany.set(event.companyId, [event]);
    }
    for (const [companyId, own] of byCompany) {
      const timeZone = await this.tickets.timeZone(companyId);
      const applied = await this.tenancy.forCompany(companyId, (em) =>
        em.transactional(async (tx: EntityManager) => {
          const exec: Exec = (sql, params) => tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
          return this.applyCompany(exec, companyId, own, timeZone);
        }),
      );
      // Screens refetch the cheap figures (debounced on their side); the notice itself carries nothing secret.
      if (applied) {
        this.cache.changed(companyId);
        this.realtime.toCompany(companyId, DASHBOARD_EVENT, { event: own[own.length - 1].name }, { permission: 'dashboard:view' });
      } else this.log.debug?.(`${own.length} event(s) of company ${companyId} already applied`);
    }
  }

  /**
   * One company's events of a batch, inside its transaction, in a fixed number of statements whatever
   * the batch's size: the ids not seen before; their tickets' states, locked; each event applied in
   * order in memory (a ticket's later event starts from its earlier one's state); then the new states,
   * the contacts' first message of a day and the counters summed per rollup row, each in one write.
   * Under a flood a batch grows instead of the queue: one statement per event and round trip, waited
   * behind the busy process, had the rollups minutes behind the messages (README, Dashboards).
   * False when every event was applied before (or changes nothing).
   */
  private async applyCompany(exec: Exec, companyId: number, events: DomainEvent[], timeZone: string): Promise<boolean> {
    const seen = await exec(
      `insert into dashboard_seen_events (company_id, event_id)
       select ?, e.id from jsonb_array_elements_text(?::jsonb) as e(id) order by e.id
       on conflict do nothing returning event_id`,
      [companyId, JSON.stringify(events.map((e) => e.id))],
    );
    const fresh = new Set(seen.map((r) => String(r.event_id)));
    const toApply = events.filter((e) => fresh.delete(e.id)); // an id twice in one batch is applied once
    if (!toApply.length) return false;

    const ticketIds = [...new Set(toApply.map(ticketIdOf).filter((id): id is number => id !== null))];
    const states = new Map<number, TicketState>();
    if (ticketIds.length) {
      // Each ticket of the batch locked, in ticket order, those without a row yet too: two processes'
      // batches about one ticket run one after the other (each starting from the other's state), and
      // taking the locks in one order keeps them from deadlocking over it.
      await exec(
        `select pg_advisory_xact_lock(hashtext('dashboard_tickets'), t.id) from (select (jsonb_array_elements_text(?::jsonb))::int as id order by 1) t`,
        [JSON.stringify(ticketIds)],
      );
      const rows = await exec(
        `select * from dashboard_tickets where company_id = ? and ticket_id in (select (jsonb_array_elements_text(?::jsonb))::int) order by ticket_id for update`,
        [companyId, JSON.stringify(ticketIds)],
      );
      for (const row of rows) states.set(Number(row.ticket_id), stateOf(row));
    }

    const changed = new Set<number>();
    const increments: RollupRow[] = [];
    const contactDays = new Map<string, { day: string; hour: number; whatsappId: number; contactId: number }>();
    for (const event of toApply) {
      const ticketId = ticketIdOf(event);
      let before: TicketState | null = null;
      if (ticketId !== null) {
        before = states.get(ticketId) ?? null;
        // A ticket first heard of after its creation (before the plugin was installed): its state from the port (a read).
        if (!before && event.name !== 'ticket.created') {
          const seed = await this.tickets.get(companyId, ticketId);
          before = seed ? { ticketId: seed.id, status: seed.status, queueId: seed.queueId, userId: seed.userId, whatsappId: seed.whatsappId, createdAt: null, acceptedAt: null, replied: false, tagged: false, msgsIn: 0 } : null;
          // The port already shows the change this event tells: its "before" is in the event.
          if (before && event.name === 'ticket.updated') before = rewind(before, event as DomainEvent<'ticket.updated'>);
        }
      }
      const { state, rows } = rollupOf(event, before, timeZone);
      if (state) {
        states.set(state.ticketId, state);
        changed.add(state.ticketId);
      }
      increments.push(...rows);
      // Contacts who wrote on a day (the CRM's unique contacts): counted once per day and connection.
      const inbound = event.name === 'message.received' ? (event as DomainEvent<'message.received'>).payload : null;
      if (inbound && !inbound.fromMe && inbound.contactId !== null) {
        const { day, hour } = localDayHour(new Date(event.at), timeZone);
        const key = `${day}|${inbound.whatsappId}|${inbound.contactId}`;
        if (!contactDays.has(key)) contactDays.set(key, { day, hour, whatsappId: inbound.whatsappId, contactId: inbound.contactId });
      }
    }

    if (changed.size) await saveStates(exec, companyId, [...changed].sort((a, b) => a - b).map((id) => states.get(id)!));
    if (contactDays.size) {
      const first = await exec(
        `insert into dashboard_contact_days (company_id, day, whatsapp_id, contact_id)
         select ?, r.day, r.whatsapp_id, r.contact_id from jsonb_to_recordset(?::jsonb) as r(day date, whatsapp_id int, contact_id int)
         order by r.day, r.whatsapp_id, r.contact_id
         on conflict do nothing returning to_char(day, 'YYYY-MM-DD') as day, whatsapp_id, contact_id`,
        [companyId, JSON.stringify([...contactDays.values()].map((c) => ({ day: c.day, whatsapp_id: c.whatsappId, contact_id: c.contactId })))],
      );
      for (const row of first) {
        const c = contactDays.get(`${String(row.day)}|${Number(row.whatsapp_id)}|${Number(row.contact_id)}`);
        if (c) increments.push({ day: c.day, hour: c.hour, queueId: 0, whatsappId: c.whatsappId, userId: 0, add: { active_contacts: 1 } });
      }
    }
    if (increments.length) await addCounters(exec, companyId, increments);
    return increments.length > 0 || changed.size > 0;
  }
}

function stateOf(row: Record<string, unknown>): TicketState {
  const date = (v: unknown) => (v ? new Date(v as string) : null);
  return {
    ticketId: Number(row.ticket_id),
    status: String(row.status),
    queueId: row.queue_id === null ? null : Number(row.queue_id),
    userId: row.user_id === null ? null : Number(row.user_id),
    whatsappId: Number(row.whatsapp_id),
    createdAt: date(row.created_at),
    acceptedAt: date(row.accepted_at),
    replied: row.replied === true,
    tagged: row.tagged === true,
    msgsIn: Number(row.msgs_in ?? 0),
  };
}

function rewind(state: TicketState, event: DomainEvent<'ticket.updated'>): TicketState {
  const c = event.payload.changes;
  return {
    ...state,
    status: c.status?.before ?? state.status,
    queueId: c.queueId ? c.queueId.before : state.queueId,
    userId: c.userId ? c.userId.before : state.userId,
    whatsappId: c.whatsappId?.before ?? state.whatsappId,
  };
}

/** The tickets' new states, one write (in ticket order, like the locks). */
async function saveStates(exec: Exec, companyId: number, states: TicketState[]): Promise<void> {
  await exec(
    `insert into dashboard_tickets (company_id, ticket_id, status, queue_id, user_id, whatsapp_id, created_at, accepted_at, replied, tagged, msgs_in)
     select ?, s.ticket_id, s.status, s.queue_id, s.user_id, s.whatsapp_id, s.created_at, s.accepted_at, s.replied, s.tagged, s.msgs_in
     from jsonb_to_recordset(?::jsonb) as s(ticket_id int, status varchar(10), queue_id int, user_id int, whatsapp_id int, created_at timestamptz,
       accepted_at timestamptz, replied boolean, tagged boolean, msgs_in int)
     order by s.ticket_id
     on conflict (company_id, ticket_id) do update set status = excluded.status, queue_id = excluded.queue_id, user_id = excluded.user_id,
       whatsapp_id = excluded.whatsapp_id, created_at = coalesce(dashboard_tickets.created_at, excluded.created_at), accepted_at = excluded.accepted_at,
       replied = excluded.replied, tagged = excluded.tagged, msgs_in = excluded.msgs_in`,
    [
      companyId,
      JSON.stringify(
        states.map((s) => ({
          ticket_id: s.ticketId,
          status: s.status,
          queue_id: s.queueId,
          user_id: s.userId,
          whatsapp_id: s.whatsappId,
          created_at: s.createdAt?.toISOString() ?? null,
          accepted_at: s.acceptedAt?.toISOString() ?? null,
          replied: s.replied,
          tagged: s.tagged,
          msgs_in: s.msgsIn,
        })),
      ),
    ],
  );
}

/** A rollup row's key and every counter's sum for it. */
export type RollupSum = Pick<RollupRow, 'day' | 'hour' | 'queueId' | 'whatsappId' | 'userId'> & Record<Counter, number>;

/** Rows of one key summed (one upsert may touch a row only once). */
export function sumRollups(rows: RollupRow[]): RollupSum[] {
  const sums = new Map<string, RollupSum>();
  for (const row of rows) {
    const key = `${row.day}|${row.hour}|${row.queueId}|${row.whatsappId}|${row.userId}`;
    let sum = sums.get(key);
    if (!sum) {
      sum = { day: row.day, hour: row.hour, queueId: row.queueId, whatsappId: row.whatsappId, userId: row.userId, ...(Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<Counter, number>) };
      sums.set(key, sum);
    }
    for (const c of COUNTERS) sum[c] += row.add[c] ?? 0;
  }
  return [...sums.values()];
}

/** The counters added in one write, in key order (two processes' batches lock the rows alike). */
async function addCounters(exec: Exec, companyId: number, rows: RollupRow[]): Promise<void> {
  const sums = sumRollups(rows);
  await exec(
    `insert into dashboard_rollups (company_id, day, hour, queue_id, whatsapp_id, user_id, ${COUNTERS.join(', ')})
     select ?, r.day, r.hour, r.queue_id, r.whatsapp_id, r.user_id, ${COUNTERS.map((c) => `r.${c}`).join(', ')}
     from jsonb_to_recordset(?::jsonb) as r(day date, hour smallint, queue_id int, whatsapp_id int, user_id int, ${COUNTERS.map((c) => `${c} ${c.endsWith('_ms') ? 'bigint' : 'int'}`).join(', ')})
     order by r.day, r.hour, r.queue_id, r.whatsapp_id, r.user_id
     on conflict (company_id, day, hour, queue_id, whatsapp_id, user_id)
     do update set ${COUNTERS.map((c) => `${c} = dashboard_rollups.${c} + excluded.${c}`).join(', ')}`,
    [companyId, JSON.stringify(sums.map(({ queueId, whatsappId, userId, ...rest }) => ({ ...rest, queue_id: queueId, whatsapp_id: whatsappId, user_id: userId })))],
  );
}
