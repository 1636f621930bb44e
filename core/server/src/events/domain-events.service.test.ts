import { describe, expect, it, vi } from 'vitest';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { DomainEvent } from '@atende/core-contract';
import { DomainEventsService, pluginEventsQueue } from './domain-events.service.js';
import type { JobQueuesService } from '../jobs/job-queues.service.js';
import type { CompanyPlanService } from '../platform/company-plan.service.js';
import type { PluginRegistry } from '../plugins/plugin-registry.js';

type Added = { name: string; data: unknown; opts: { jobId: string; attempts: number } };

/** The service over fake queues: what is added to each queue, and each queue's processor. */
function setUp(flagsOf: (companyId: number) => Promise<Record<string, boolean>> = async (companyId) => ({ useCampaigns: companyId !== 2 }), plugins: string[] = ['acme']) {
  const added: Record<string, Added[]> = {};
  const processors: Record<string, (job: { data: unknown }) => Promise<unknown>> = {};
  const queue = (name: string) => ({
    add: vi.fn(async (jobName: string, data: unknown, opts: Added['opts']) => void (added[name] ??= []).push({ name: jobName, data, opts })),
    addBulk: vi.fn(async (jobs: Added[]) => void (added[name] ??= []).push(...jobs)),
  });
  const queues = new Map<string, ReturnType<typeof queue>>();
  const jobs = {
    queue: (name: string) => queues.get(name) ?? (queues.set(name, queue(name)), queues.get(name)!),
    worker: (name: string, processor: (job: { data: unknown }) => Promise<unknown>) => void (processors[name] = processor),
  } as unknown as JobQueuesService;
  // By default company 2's plan lacks useCampaigns.
  const plans = { flagsOf } as unknown as CompanyPlanService;
  const registry = { plugins: plugins.map((id) => ({ definition: { id, planFlag: 'useCampaigns' } })) } as unknown as PluginRegistry;
  const events = new DomainEventsService(new EventEmitter2(), jobs, plans, registry);
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return { events, added, processors, tick };
}

const told = (companyId: number, messageId: number) => ['message.received', companyId, { messageId, ticketId: 1, contactId: 1, whatsappId: 1, fromMe: false, mediaType: 'chat', body: `m${messageId}` }] as const;

describe('durable events in batches (subscribeBatches)', () => {
  it("queues the events of one tick as one job, in the order emitted; a lone event as a plain job; at most maxEvents a job", async () => {
    const { events, added, tick } = setUp();
    events.subscribeBatches('acme', ['message.received'], async () => undefined, { maxEvents: 2 });
    const a = events.emit(...told(1, 1));
    const b = events.emit(...told(1, 2));
    const c = events.emit(...told(3, 3));
    await tick();
    await tick();
    const lone = events.emit(...told(1, 4));
    await tick();
    await tick();
    expect(added[pluginEventsQueue('acme')]).toEqual([
      { name: 'events', data: { events: [a, b] }, opts: expect.objectContaining({ jobId: `batch-${a.id}`, attempts: 8 }) },
      { name: 'message.received', data: c, opts: expect.objectContaining({ jobId: c.id }) },
      { name: 'message.received', data: lone, opts: expect.objectContaining({ jobId: lone.id }) },
    ]);
  });

  it("hands a batch over in one call, leaving out a company whose plan lacks the plugin's flag", async () => {
    const { events, processors, tick } = setUp();
    const handler = vi.fn(async (_: DomainEvent[]) => undefined);
    events.subscribeBatches('acme', ['message.received'], handler);
    const a = events.emit(...told(1, 1));
    await tick();
    const refused = { ...a, id: 'x', companyId: 2 };
    const b = { ...a, id: 'y', companyId: 3 };
    await processors[pluginEventsQueue('acme')]({ data: { events: [a, refused, b] } });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith([a, b]);
    await processors[pluginEventsQueue('acme')]({ data: { events: [refused] } });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a batch that throws is split: each event queued alone with its own tries; a lone event that throws is retried as is', async () => {
    const { events, added, processors } = setUp();
    events.subscribeBatches('acme', ['message.received'], async () => {
      throw new Error('boom');
    }, { attempts: 3 });
    const base = { name: 'message.received', companyId: 1, at: new Date().toISOString(), payload: {} } as unknown as DomainEvent;
    const [a, b] = [{ ...base, id: 'a' }, { ...base, id: 'b' }];
    await processors[pluginEventsQueue('acme')]({ data: { events: [a, b] } });
    expect(added[pluginEventsQueue('acme')]).toEqual([
      { name: 'message.received', data: a, opts: expect.objectContaining({ jobId: 'a', attempts: 3 }) },
      { name: 'message.received', data: b, opts: expect.objectContaining({ jobId: 'b', attempts: 3 }) },
    ]);
    await expect(processors[pluginEventsQueue('acme')]({ data: a })).rejects.toThrow('boom');
  });

  it('a plugin subscribes durably once, one way or the other', () => {
    const { events } = setUp();
    events.subscribe('acme', ['ticket.created'], async () => undefined);
    expect(() => events.subscribeBatches('acme', ['message.received'], async () => undefined)).toThrow(/once/);
  });
});

describe('durable events in order', () => {
  it("reach each plugin's queue in the order emitted, even when the first waits for its company's plan and a later one does not", async () => {
    let answer!: (flags: Record<string, boolean>) => void;
    const flags = new Promise<Record<string, boolean>>((resolve) => (answer = resolve));
    const { events, added, tick } = setUp(() => flags, ['zeta', 'acme']);
    // zeta (first in line) takes ticket.created only; acme takes both.
    events.subscribe('zeta', ['ticket.created'], async () => undefined);
    events.subscribe('acme', ['ticket.created', 'message.received'], async () => undefined);
    const created = events.emit('ticket.created', 1, { ticketId: 1, contactId: 1, whatsappId: 1, status: 'pending', queueId: null, userId: null });
    await tick();
    const later = events.emit(...told(1, 2));
    await tick();
    answer({ useCampaigns: true });
    await vi.waitFor(() => expect(added[pluginEventsQueue('acme')]?.map((j) => (j.data as DomainEvent).id)).toEqual([created.id, later.id]));
    expect(added[pluginEventsQueue('zeta')]?.map((j) => (j.data as DomainEvent).id)).toEqual([created.id]);
  });

  it('events emitted while an add is on its way go with the next add, after it', async () => {
    const { events, added, tick } = setUp();
    events.subscribe('acme', ['message.received'], async () => undefined);
    const first = events.emit(...told(1, 1));
    await tick();
    const second = events.emit(...told(1, 2));
    const third = events.emit(...told(1, 3));
    await vi.waitFor(() => expect(added[pluginEventsQueue('acme')]?.length).toBe(3));
    expect(added[pluginEventsQueue('acme')].map((j) => (j.data as DomainEvent).id)).toEqual([first.id, second.id, third.id]);
  });

  it("a plan check that fails keeps the event (the handler checks again when it runs)", async () => {
    const { events, added } = setUp(async () => {
      throw new Error('database down');
    });
    events.subscribe('acme', ['message.received'], async () => undefined);
    const a = events.emit(...told(1, 1));
    await vi.waitFor(() => expect(added[pluginEventsQueue('acme')]?.map((j) => (j.data as DomainEvent).id)).toEqual([a.id]));
  });
});
