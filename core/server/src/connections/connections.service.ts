import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { definedFields, type Connection, type ConnectionUpdate, type connectionInputSchema } from '@atende/core-contract';
import { AppError, REALTIME, type RealtimePublisher } from '@atende/sdk-server';
import { WhatsappQueueSchema, WhatsappSchema, newApiToken, type Whatsapp } from './whatsapp.entity.js';
import { QueueSchema } from '../queues/queue.entity.js';
import { PlanLimitsService } from '../platform/plan-limits.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { ChannelRegistryService } from '../channels/channel-registry.js';
import { withoutCodes } from './link-codes.js';
import { HandlerBindingsService, type StoredBinding } from '../inbound/handler-bindings.service.js';
import { ChangeFeed } from '../database/change-feed.js';

type ConnectionInput = z.infer<typeof connectionInputSchema>;

/** WhatsApp connections of the caller's company (tenant filter), with the rules of core-operations §5 and §8. */
@Injectable()
export class ConnectionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly limits: PlanLimitsService,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly gateway: RealtimeGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: ChannelRegistryService,
    private readonly bindings: HandlerBindingsService,
    private readonly feed: ChangeFeed,
  ) {}

  async toDtos(rows: Whatsapp[]): Promise<Connection[]> {
    const links = rows.length ? await this.em.find(WhatsappQueueSchema, { whatsappId: { $in: rows.map((r) => r.id) } }) : [];
    const queues = links.length ? await this.em.find(QueueSchema, { id: { $in: [...new Set(links.map((l) => l.queueId))] } }) : [];
    const byId = new Map(queues.map((q) => [q.id, { id: q.id, name: q.name, color: q.color }]));
    return rows.map((w) => ({
      id: w.id,
      name: w.name,
      provider: w.provider,
      status: w.status,
      statusReason: w.statusReason ?? null,
      qrcode: w.qrcode,
      pairingCode: w.pairingCode,
      retries: w.retries,
      number: w.number ?? null,
      isDefault: w.isDefault,
      greetingMessage: w.greetingMessage,
      complationMessage: w.complationMessage,
      outOfHoursMessage: w.outOfHoursMessage,
      ratingMessage: w.ratingMessage,
      expiresInactiveMessage: w.expiresInactiveMessage,
      expiresTicket: w.expiresTicket,
      timeUseBotQueues: w.timeUseBotQueues,
      maxUseBotQueues: w.maxUseBotQueues,
      transferQueueId: w.transferQueueId ?? null,
      timeToTransfer: w.timeToTransfer,
      ...this.bindings.toFields({ boundPlugin: w.boundPlugin ?? null, boundRef: w.boundRef ?? null }),
      queues: links.filter((l) => l.whatsappId === w.id && byId.has(l.queueId)).map((l) => byId.get(l.queueId)!),
      token: w.token,
      updatedAt: w.updatedAt.toISOString(),
    }));
  }

  async list(): Promise<Connection[]> {
    return this.toDtos(await this.em.find(WhatsappSchema, {}, { orderBy: { name: 'asc' } }));
  }

  async get(id: number): Promise<Whatsapp> {
    const w = await this.em.findOne(WhatsappSchema, { id });
    if (!w) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    return w;
  }

  async create(companyId: number, input: ConnectionInput): Promise<Connection> {
    // The simulated phone is a development and demo tool: off in production unless SANDBOX_ENABLED=true.
    if (input.provider === 'sandbox' && !this.config.sandboxEnabled) throw AppError.forbidden('The sandbox is disabled on this server.');
    // Any provider a plugin registered, not a fixed list (issue 11 item 4); an unknown one is a field error.
    if (!this.registry.get(input.provider)) throw AppError.validation([{ path: 'provider', message: 'unknown_provider' }]);
    // The plugin's record check runs before the plan-limit lock is taken (it is the plugin's code).
    const binding = await this.bindings.fromInput(companyId, { promptId: input.promptId, integrationId: input.integrationId, ...input.bindings }, null);
    return this.limits.createWithin(companyId, 'connections', WhatsappSchema, () => this.insert(companyId, input, binding));
  }

  private async insert(companyId: number, input: ConnectionInput, binding: StoredBinding | undefined): Promise<Connection> {
    await this.validate(input);
    const { queueIds, promptId: _prompt, integrationId: _integration, bindings: _bindings, ...fields } = input;
    const first = (await this.em.count(WhatsappSchema, {})) === 0;
    const row = await this.em.transactional(async (tx) => {
      // The first connection is the default; a new default replaces the old one.
      if (fields.isDefault || first) await tx.nativeUpdate(WhatsappSchema, { isDefault: true }, { isDefault: false });
      const w = tx.create(WhatsappSchema, { ...fields, ...binding, companyId, isDefault: fields.isDefault || first, status: 'DISCONNECTED' });
      await tx.flush();
      for (const queueId of new Set(queueIds)) tx.create(WhatsappQueueSchema, { whatsappId: w.id, queueId });
      await tx.flush();
      return w;
    });
    return this.publish(row);
  }

  /** Partial (issue 9 item 19): omitted fields keep their values; queues change only when queueIds is sent. */
  async update(id: number, input: ConnectionUpdate): Promise<Connection> {
    const w = await this.get(id);
    // Read raw, not as entities: managed link rows would make the re-created ones below look already saved.
    const currentQueues =
      input.queueIds ??
      (await this.em.getConnection().execute<{ queue_id: number }[]>('select queue_id from whatsapp_queues where whatsapp_id = ?', [id])).map((r) => r.queue_id);
    await this.validate({
      queueIds: currentQueues,
      transferQueueId: input.transferQueueId ?? null,
      greetingMessage: input.greetingMessage ?? w.greetingMessage,
    });
    // Unsetting the default needs another one to take over; not sending isDefault changes nothing.
    if (w.isDefault && input.isDefault === false) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
    const { queueIds, promptId, integrationId, bindings, ...fields } = definedFields(input);
    const binding = await this.bindings.fromInput(w.companyId, { promptId, integrationId, ...bindings }, { boundPlugin: w.boundPlugin ?? null, boundRef: w.boundRef ?? null });
    await this.em.transactional(async (tx) => {
      if (fields.isDefault && !w.isDefault) await tx.nativeUpdate(WhatsappSchema, { isDefault: true }, { isDefault: false });
      tx.assign(w, { ...fields, ...binding });
      if (queueIds) {
        await tx.nativeDelete(WhatsappQueueSchema, { whatsappId: id });
        for (const queueId of new Set(queueIds)) tx.create(WhatsappQueueSchema, { whatsappId: id, queueId });
      }
      await tx.flush();
    });
    // This process's pipeline reads the new timers at once (the others learn it from the trigger's NOTIFY).
    this.feed.changed('w', id);
    return this.publish(w);
  }

  async remove(id: number): Promise<Whatsapp> {
    const w = await this.get(id);
    await this.em.transactional(async (tx) => {
      await tx.nativeDelete(WhatsappSchema, { id });
      if (w.isDefault) {
        // Keep one default: the oldest remaining connection takes over.
        const next = await tx.findOne(WhatsappSchema, {}, { orderBy: { id: 'asc' } });
        if (next) next.isDefault = true;
      }
    });
    this.feed.changed('w', id);
    this.realtime.toCompany(w.companyId, 'whatsapp', { action: 'delete', whatsappId: id });
    return w;
  }

  private async validate(input: Pick<ConnectionInput, 'queueIds' | 'transferQueueId' | 'greetingMessage'>) {
    const ids = [...new Set(input.queueIds)];
    if (ids.length && (await this.em.count(QueueSchema, { id: { $in: ids } })) !== ids.length) throw AppError.notFound('ERR_NO_QUEUE_FOUND');
    if (input.transferQueueId && !(await this.em.findOne(QueueSchema, { id: input.transferQueueId }))) throw AppError.notFound('ERR_NO_QUEUE_FOUND');
    // More than one queue means the bot shows a menu, which needs a greeting (core-operations §5).
    if (ids.length > 1 && !input.greetingMessage.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);
  }

  /**
   * A new external API token for the connection (issue 34 item 1): the old one stops working at once,
   * since the API looks the token up on every call.
   */
  async rotateToken(id: number): Promise<Connection> {
    const w = await this.get(id);
    w.token = newApiToken();
    await this.em.flush();
    return this.publish(w);
  }

  private async publish(w: Whatsapp): Promise<Connection> {
    const [dto] = await this.toDtos([w]);
    this.gateway.toCompanySplit(w.companyId, 'whatsapp', { action: 'update', whatsapp: dto }, { action: 'update', whatsapp: withoutCodes(dto) });
    return dto;
  }
}
