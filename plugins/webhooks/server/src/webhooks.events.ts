import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PLUGIN_CONTEXT, TENANCY, type PluginContext, type Tenancy } from '@atende/sdk-server';
import type { DomainEvent } from '@atende/core-contract';
import { WebhookDeliverySchema, WebhookSubscriptionSchema } from './entities.js';
import { SOURCE_EVENTS, toWebhooks } from './event-map.js';
import { DeliverySender } from './delivery.sender.js';
import { toDelivery } from './dto.js';
import { WebhooksRealtime } from './webhooks.realtime.js';

/**
 * Domain events → deliveries (durable: this plugin's own BullMQ queue, in batches handled one at a time,
 * so a ticket's deliveries are queued in the order its events happened). A company's subscriptions are
 * read once per batch (an inbound flood tells one event per message, for companies with or without
 * subscriptions). An event handed over again adds nothing: a delivery is unique per (subscription,
 * event id, webhook event).
 */
@Injectable()
export class WebhooksEvents implements OnModuleInit {
  constructor(
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    private readonly sender: DeliverySender,
    private readonly realtime: WebhooksRealtime,
  ) {}

  onModuleInit(): void {
    this.plugin.events.subscribeBatches(SOURCE_EVENTS, (events) => this.deliver(events));
  }

  private async deliver(events: DomainEvent<(typeof SOURCE_EVENTS)[number]>[]): Promise<void> {
    // Each company's events with the webhooks they become (an event that becomes none is left out).
    const byCompany = new Map<number, { event: (typeof events)[number]; outgoing: ReturnType<typeof toWebhooks> }[]>();
    for (const event of events) {
      const outgoing = toWebhooks(event);
      if (!outgoing.length) continue;
      const own = byCompany.get(event.companyId);
      if (own) own.push({ event, outgoing });
      else byCompany.set(event.companyId, [{ event, outgoing }]);
    }
    for (const [companyId, own] of byCompany) {
      const queued = await this.tenancy.forCompany(companyId, async (em) => {
        const subs = await em.find(WebhookSubscriptionSchema, { companyId, active: true }, { orderBy: { id: 'asc' } });
        const created = [];
        for (const { event, outgoing } of own) {
          for (const o of outgoing) {
            for (const sub of subs.filter((s) => s.events.includes(o.event))) {
              const body = JSON.stringify({ id: `${event.id}:${o.event}`, event: o.event, companyId, occurredAt: event.at, data: o.data });
              const [row] = (await em.getConnection().execute(
                `insert into webhook_deliveries (company_id, subscription_id, event_id, event, lane, ticket_id, body) values (?, ?, ?, ?, ?, ?, ?)
                 on conflict (subscription_id, event_id, event) where event_id is not null do nothing returning id`,
                [companyId, sub.id, event.id, o.event, o.lane, o.ticketId, body],
              )) as { id: number }[];
              if (row) created.push(await em.findOneOrFail(WebhookDeliverySchema, { id: row.id, companyId }));
            }
          }
        }
        return created;
      });
      for (const d of queued) {
        this.realtime.delivery(d.companyId, toDelivery(d));
        await this.sender.enqueue(d);
      }
    }
  }
}
