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
 * in a batch, in which each event inserts its id (a repeated delivery finds it and changes nothing),
 * updates the ticket's state and adds the counters. Batches come one at a time, their events in the
 * order they were emitted, so a ticket's changes apply in the order they were told.
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
          let any = false;
          for (const event of own) if (await this.applyOne(exec, event, timeZone)) any = true;
          return any;
        }),
      );
      // Screens refetch the cheap figures (debounced on their side); the notice itself carries nothing secret.
      if (applied) {
        this.cache.changed(companyId);
        this.realtime.toCompany(companyId, DASHBOARD_EVENT, { event: own[own.length - 1].name }, { permission: 'dashboard:view' });
      } else this.log.debug?.(`${own.length} event(s) of company ${companyId} already applied`);
    }
  }

  /** One event inside its company's transaction; false when it was applied before (or changes nothing). */
  private async applyOne(exec: Exec, event: DomainEvent, timeZone: string): Promise<boolean> {
    const ticketId = ticketIdOf(event);
    const fresh = await exec(`insert into dashboard_seen_events (company_id, event_id) values (?, ?) on conflict do nothing returning event_id`, [event.companyId, event.id]);
    if (!fresh.length) return false;
    let before: TicketState | null = null;
    if (ticketId !== null) {
      const [row] = await exec(`select * from dashboard_tickets where company_id = ? and ticket_id = ? for update`, [event.companyId, ticketId]);
      // A ticket first heard of after its creation (before the plugin was installed): its state from the port (a read).
      const seed = !row && event.name !== 'ticket.created' ? await this.tickets.get(event.companyId, ticketId) : null;
      before = row ? stateOf(row) : seed ? { ticketId: seed.id, status: seed.status, queueId: seed.queueId, userId: seed.userId, whatsappId: seed.whatsappId, createdAt: null, acceptedAt: null, replied: false, tagged: false, msgsIn: 0 } : null;
      // The port already shows the change this event tells: its "before" is in the event.
      if (!row && before && event.name === 'ticket.updated') before = rewind(before, event as DomainEvent<'ticket.updated'>);
    }
    const { state, rows } = rollupOf(event, before, timeZone);
    const increments: RollupRow[] = rows;
    if (state) await saveState(exec, event.companyId, state);
    const { day, hour } = localDayHour(new Date(event.at), timeZone);
    // Contacts who wrote on a day (the CRM's unique contacts): counted once per day and connection.
    const inbound = event.name === 'message.received' ? (event as DomainEvent<'message.received'>).payload : null;
    if (inbound && !inbound.fromMe && inbound.contactId !== null) {
      const first = await exec(
        `insert into dashboard_contact_days (company_id, day, whatsapp_id, contact_id) values (?, ?, ?, ?) on conflict do nothing returning contact_id`,
        [event.companyId, day, inbound.whatsappId, inbound.contactId],
      );
      if (first.length) increments.push({ day, hour, queueId: 0, whatsappId: inbound.whatsappId, userId: 0, add: { active_contacts: 1 } });
    }
    for (const inc of increments) {
      const cols = COUNTERS.filter((c) => inc.add[c]);
      if (!cols.length) continue;
      await exec(
        `insert into dashboard_rollups (company_id, day, hour, queue_id, whatsapp_id, user_id, ${cols.join(', ')})
         values (?, ?, ?, ?, ?, ?, ${cols.map(() => '?').join(', ')})
         on conflict (company_id, day, hour, queue_id, whatsapp_id, user_id)
         do update set ${cols.map((c) => `${c} = dashboard_rollups.${c} + excluded.${c}`).join(', ')}`,
        [event.companyId, inc.day, inc.hour, inc.queueId, inc.whatsappId, inc.userId, ...cols.map((c) => inc.add[c])],
      );
    }
    return increments.length > 0 || !!state;
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

async function saveState(exec: Exec, companyId: number, s: TicketState): Promise<void> {
  await exec(
    `insert into dashboard_tickets (company_id, ticket_id, status, queue_id, user_id, whatsapp_id, created_at, accepted_at, replied, tagged, msgs_in)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (company_id, ticket_id) do update set status = excluded.status, queue_id = excluded.queue_id, user_id = excluded.user_id,
       whatsapp_id = excluded.whatsapp_id, created_at = coalesce(dashboard_tickets.created_at, excluded.created_at), accepted_at = excluded.accepted_at,
       replied = excluded.replied, tagged = excluded.tagged, msgs_in = excluded.msgs_in`,
    [companyId, s.ticketId, s.status, s.queueId, s.userId, s.whatsappId, s.createdAt, s.acceptedAt, s.replied, s.tagged, s.msgsIn],
  );
}
