import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { can, definedFields, type Queue as QueueDto, type QueueInput } from '@atende/core-contract';
import { AppError, REALTIME, type AuthUser, type RealtimePublisher } from '@atende/sdk-server';
import { QueueSchema, UserQueueSchema, type Queue } from './queue.entity.js';
import { PlanLimitsService } from '../platform/plan-limits.service.js';
import { HandlerBindingsService } from '../inbound/handler-bindings.service.js';
import { ChangeFeed } from '../database/change-feed.js';

const toQueueDto = (q: Queue, bindings: HandlerBindingsService): QueueDto => ({
  id: q.id,
  name: q.name,
  color: q.color,
  greetingMessage: q.greetingMessage,
  outOfHoursMessage: q.outOfHoursMessage,
  orderQueue: q.orderQueue ?? null,
  schedules: Array.isArray(q.schedules) ? q.schedules : [],
  ...bindings.toFields({ boundPlugin: q.boundPlugin ?? null, boundRef: q.boundRef ?? null }),
});

/** The company's queues (tenant filter); agents see only the queues they work (core-operations §6). */
@Injectable()
export class QueuesService {
  constructor(
    private readonly em: EntityManager,
    private readonly limits: PlanLimitsService,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly bindings: HandlerBindingsService,
    private readonly feed: ChangeFeed,
  ) {}

  toDto(q: Queue): QueueDto {
    return toQueueDto(q, this.bindings);
  }

  async list(user: AuthUser): Promise<QueueDto[]> {
    const where = can(user, 'queues:write')
      ? {}
      : { id: { $in: (await this.em.find(UserQueueSchema, { userId: user.id })).map((l) => l.queueId) } };
    const rows = await this.em.find(QueueSchema, where, { orderBy: { orderQueue: 'asc', name: 'asc' } });
    return rows.map((q) => this.toDto(q));
  }

  /** Names and colours of all the company's queues (transfer targets). */
  async names(): Promise<{ id: number; name: string; color: string }[]> {
    const rows = await this.em.find(QueueSchema, {}, { orderBy: { orderQueue: 'asc', name: 'asc' } });
    return rows.map((q) => ({ id: q.id, name: q.name, color: q.color }));
  }

  async get(user: AuthUser, id: number): Promise<Queue> {
    const q = await this.em.findOne(QueueSchema, { id });
    if (!q) throw AppError.notFound('ERR_NO_QUEUE_FOUND');
    if (!can(user, 'queues:write') && !(await this.em.findOne(UserQueueSchema, { userId: user.id, queueId: id }))) {
      throw AppError.notFound('ERR_NO_QUEUE_FOUND');
    }
    return q;
  }

  async create(companyId: number, input: Required<Omit<QueueInput, 'bindings'>> & Pick<QueueInput, 'bindings'>): Promise<QueueDto> {
    const { promptId, integrationId, bindings, ...fields } = input;
    // The plugin's record check runs before the plan-limit lock is taken (it is the plugin's code).
    const binding = await this.bindings.fromInput(companyId, { promptId, integrationId, ...bindings }, null);
    const q = await this.limits.createWithin(companyId, 'queues', QueueSchema, async () => {
      await this.assertColorFree(input.color);
      const created = this.em.create(QueueSchema, { companyId, ...fields, ...binding });
      await this.em.flush();
      return created;
    });
    return this.publish(q, 'create');
  }

  async update(user: AuthUser, id: number, input: Partial<QueueInput>): Promise<QueueDto> {
    const q = await this.get(user, id);
    if (input.color !== undefined && input.color !== q.color) await this.assertColorFree(input.color, id);
    const { promptId, integrationId, bindings, ...fields } = definedFields(input);
    const binding = await this.bindings.fromInput(q.companyId, { promptId, integrationId, ...bindings }, { boundPlugin: q.boundPlugin ?? null, boundRef: q.boundRef ?? null });
    this.em.assign(q, { ...fields, ...binding });
    await this.em.flush();
    // This process's inbound chain reads the new binding at once (the others learn it from the trigger's NOTIFY).
    if (binding) this.feed.changed('q', id);
    return this.publish(q, 'update');
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const q = await this.get(user, id);
    await this.em.remove(q).flush();
    this.feed.changed('q', id);
    this.realtime.toCompany(q.companyId, 'queue', { action: 'delete', queueId: id });
  }

  private publish(q: Queue, action: 'create' | 'update'): QueueDto {
    const dto = this.toDto(q);
    this.realtime.toCompany(q.companyId, 'queue', { action, queue: dto });
    return dto;
  }

  private async assertColorFree(color: string, exceptId?: number) {
    const other = await this.em.findOne(QueueSchema, { color, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
    if (other) throw AppError.conflict('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  }
}
