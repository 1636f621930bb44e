import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, OUTBOUND_HTTP, type OutboundHttp } from '@atende/sdk-server';
import type { WebhookDelivery, WebhookSubscription, WebhookSubscriptionInput, WebhookSubscriptionUpdate } from '@atende/plugin-webhooks-contract';
import { WebhookDeliverySchema, WebhookSubscriptionSchema } from './entities.js';
import { toDelivery, toSubscription } from './dto.js';
import { newSecret } from './signature.js';
import { DeliverySender } from './delivery.sender.js';
import { WebhooksRealtime } from './webhooks.realtime.js';

const PAGE = 50;
const notFound = () => AppError.notFound('ERR_NOT_FOUND', 'Webhook not found.');

/** Subscriptions and the delivery log of the caller's company (every query carries companyId). */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly em: EntityManager,
    @Inject(OUTBOUND_HTTP) private readonly http: OutboundHttp,
    private readonly sender: DeliverySender,
    private readonly realtime: WebhooksRealtime,
  ) {}

  async list(companyId: number): Promise<WebhookSubscription[]> {
    return (await this.em.find(WebhookSubscriptionSchema, { companyId }, { orderBy: { id: 'asc' } })).map(toSubscription);
  }

  /** The URL is checked when saved too (scheme, allow-list, DNS answer): a refused one never gets stored. */
  async create(companyId: number, input: Required<WebhookSubscriptionInput>): Promise<WebhookSubscription> {
    await this.http.check(input.url);
    const row = this.em.create(WebhookSubscriptionSchema, { companyId, url: input.url, events: [...new Set(input.events)], active: input.active, secret: newSecret() });
    await this.em.flush();
    return this.publish(companyId, row);
  }

  async update(companyId: number, id: number, input: WebhookSubscriptionUpdate): Promise<WebhookSubscription> {
    const row = await this.get(companyId, id);
    if (input.url !== undefined) {
      await this.http.check(input.url);
      row.url = input.url;
    }
    if (input.events !== undefined) row.events = [...new Set(input.events)];
    if (input.active !== undefined) row.active = input.active;
    await this.em.flush();
    return this.publish(companyId, row);
  }

  async rotateSecret(companyId: number, id: number): Promise<WebhookSubscription> {
    const row = await this.get(companyId, id);
    row.secret = newSecret();
    await this.em.flush();
    return this.publish(companyId, row);
  }

  async remove(companyId: number, id: number): Promise<void> {
    const row = await this.get(companyId, id);
    await this.em.remove(row).flush();
    this.realtime.subscription(companyId, { action: 'delete', subscriptionId: id });
  }

  async deliveries(companyId: number, q: { subscriptionId?: number; beforeId?: number }): Promise<{ deliveries: WebhookDelivery[]; hasMore: boolean }> {
    const rows = await this.em.find(
      WebhookDeliverySchema,
      { companyId, ...(q.subscriptionId ? { subscriptionId: q.subscriptionId } : {}), ...(q.beforeId ? { id: { $lt: q.beforeId } } : {}) },
      { orderBy: { id: 'desc' }, limit: PAGE + 1 },
    );
    return { deliveries: rows.slice(0, PAGE).map(toDelivery), hasMore: rows.length > PAGE };
  }

  /** "Send again": the same body as a new delivery at the end of its lane (its ticket's order holds). */
  async redeliver(companyId: number, id: number): Promise<WebhookDelivery> {
    const original = await this.em.findOne(WebhookDeliverySchema, { id, companyId });
    if (!original) throw notFound();
    await this.get(companyId, original.subscriptionId);
    const copy = this.em.create(WebhookDeliverySchema, {
      companyId,
      subscriptionId: original.subscriptionId,
      eventId: null,
      event: original.event,
      lane: original.lane,
      ticketId: original.ticketId ?? null,
      body: original.body,
      status: 'pending',
      attempts: 0,
      redeliveryOf: original.id,
    });
    await this.em.flush();
    const dto = toDelivery(copy);
    this.realtime.delivery(companyId, dto);
    await this.sender.enqueue(copy);
    return dto;
  }

  private async get(companyId: number, id: number) {
    const row = await this.em.findOne(WebhookSubscriptionSchema, { id, companyId });
    if (!row) throw notFound();
    return row;
  }

  private publish(companyId: number, row: Parameters<typeof toSubscription>[0]): WebhookSubscription {
    const dto = toSubscription(row);
    this.realtime.subscription(companyId, { action: 'update', subscription: dto });
    return dto;
  }
}
