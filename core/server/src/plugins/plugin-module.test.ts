import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, PLUGIN_CONTEXT, TICKETS, definePlugin, type DomainEvents, type Messages, type Settings, type Tickets } from '@atende/sdk-server';
import { pluginContext, pluginModule } from './plugin-module.js';
import { pluginMessages } from './plugin-messages.js';
import { pluginTickets } from './plugin-tickets.js';

describe('PLUGIN_CONTEXT (issue 29 item 5)', () => {
  const fakes = () => {
    const events = { on: vi.fn(() => () => undefined), subscribe: vi.fn(), subscribeBatches: vi.fn() } satisfies DomainEvents;
    const settings = {
      company: vi.fn(async () => 'c'),
      global: vi.fn(async () => 'g'),
      setCompany: vi.fn(async () => undefined),
      globalSecret: vi.fn(async () => 's'),
    } satisfies Settings;
    return { events, settings };
  };

  it('calls the kernel as the plugin it was made for: the plugin never passes an id', async () => {
    const { events, settings } = fakes();
    const ctx = pluginContext('acme', events, settings);
    const handler = () => undefined;
    ctx.events.on('ticket.created', handler);
    ctx.events.subscribe(['message.received'], handler, { attempts: 2 });
    ctx.events.subscribeBatches(['ticket.updated'], handler, { maxEvents: 10 });
    await ctx.settings.setCompany(7, 'acme.greeting', 'hola');
    await ctx.settings.globalSecret('acme.key');
    expect(await ctx.settings.company(7, 'acme.greeting')).toBe('c');
    expect(events.on).toHaveBeenCalledWith('acme', 'ticket.created', handler);
    expect(events.subscribe).toHaveBeenCalledWith('acme', ['message.received'], handler, { attempts: 2 });
    expect(events.subscribeBatches).toHaveBeenCalledWith('acme', ['ticket.updated'], handler, { maxEvents: 10 });
    expect(settings.setCompany).toHaveBeenCalledWith('acme', 7, 'acme.greeting', 'hola');
    expect(settings.globalSecret).toHaveBeenCalledWith('acme', 'acme.key');
    expect(ctx.pluginId).toBe('acme');
    // Frozen: a plugin cannot swap its id or the kernel's functions.
    expect(Object.isFrozen(ctx) && Object.isFrozen(ctx.events) && Object.isFrozen(ctx.settings)).toBe(true);
  });

  it("reads the plugin's own keys and the kernel's non-secret options, never another plugin's keys or the payment token (item 6)", async () => {
    const { events, settings } = fakes();
    const ctx = pluginContext('acme', events, settings);
    expect(await ctx.settings.company(7, 'acme.apiKey')).toBe('c');
    expect(await ctx.settings.company(7, 'userRating')).toBe('c');
    expect(await ctx.settings.global('allowSignup')).toBe('g');
    expect(await ctx.settings.global('acme.key')).toBe('g');
    const refused = async (read: Promise<string>) => read.then(() => 'read', (e: { status?: number; code?: string }) => `${e.status} ${e.code}`);
    expect(await refused(ctx.settings.company(7, 'asaas'))).toBe('403 ERR_NO_PERMISSION');
    expect(await refused(ctx.settings.company(7, 'billing.webhookSecret'))).toBe('403 ERR_NO_PERMISSION');
    // A prefix that only starts like the plugin's id is another plugin's.
    expect(await refused(ctx.settings.company(7, 'acme-other.key'))).toBe('403 ERR_NO_PERMISSION');
    expect(await refused(ctx.settings.global('billing.webhookSecret'))).toBe('403 ERR_NO_PERMISSION');
    expect(settings.company).toHaveBeenCalledTimes(2);
    expect(settings.global).toHaveBeenCalledTimes(2);
  });

  it("each plugin's module gets its own context provider", () => {
    class AModule {}
    const mod = pluginModule(definePlugin({ id: 'alpha', version: '1.0.0', module: AModule }));
    const provider = (mod.providers ?? []).find((p) => typeof p === 'object' && 'provide' in p && p.provide === PLUGIN_CONTEXT) as { useFactory: (e: DomainEvents, s: Settings) => { pluginId: string } };
    expect(mod.module).toBe(AModule);
    const { events, settings } = fakes();
    expect(provider.useFactory(events, settings).pluginId).toBe('alpha');
  });
});

describe('MESSAGES in a plugin module: bound to the plugin id as source', () => {
  const inner = () =>
    ({
      sendToTicket: vi.fn(async () => ({ messageId: 1 })),
      sendToNumber: vi.fn(async () => ({ messageId: 1, ticketId: 2 })),
      sendToNumbers: vi.fn(async () => []),
      withdraw: vi.fn(async () => ['c1']),
      findSent: vi.fn(async () => null),
      isOnWhatsApp: vi.fn(async () => true),
      recent: vi.fn(async () => []),
      get: vi.fn(async () => null),
    }) satisfies Messages;

  it("passes the plugin's own source through and refuses another's (403), rejecting like the port's errors", async () => {
    const m = inner();
    const bound = pluginMessages('campaigns', m);
    expect(await bound.withdraw(7, 'campaigns', ['c1'])).toEqual(['c1']);
    await bound.sendToTicket(7, 3, { body: 'hola', source: 'campaigns' });
    await bound.sendToNumbers(7, 4, [], { source: 'campaigns' });
    expect(m.withdraw).toHaveBeenCalledWith(7, 'campaigns', ['c1']);
    await expect(bound.withdraw(7, 'flowbuilder', ['c1'])).rejects.toMatchObject({ status: 403 });
    await expect(bound.findSent(7, 'flowbuilder', 'x')).rejects.toMatchObject({ status: 403 });
    await expect(bound.sendToTicket(7, 3, { body: 'hola', source: 'flowbuilder' })).rejects.toMatchObject({ status: 403 });
    await expect(bound.sendToNumber(7, { whatsappId: 4, number: '51999' }, { body: 'hola', source: 'ai' })).rejects.toMatchObject({ status: 403 });
    await expect(bound.sendToNumbers(7, 4, [], { source: 'ai' })).rejects.toMatchObject({ status: 403 });
    expect(m.withdraw).toHaveBeenCalledTimes(1);
    expect(m.sendToTicket).toHaveBeenCalledTimes(1);
    // A send that names no source is sent as the plugin's own.
    await bound.sendToTicket(7, 3, { body: 'sin fuente' } as never);
    expect(m.sendToTicket).toHaveBeenLastCalledWith(7, 3, { body: 'sin fuente', source: 'campaigns' });
    // Reads need no source.
    await bound.recent(7, 3, 10);
    expect(m.recent).toHaveBeenCalledWith(7, 3, 10);
  });

  it('is provided by every plugin module, next to PLUGIN_CONTEXT', () => {
    class BModule {}
    const mod = pluginModule(definePlugin({ id: 'acme', version: '1.0.0', module: BModule }));
    expect((mod.providers ?? []).some((p) => typeof p === 'object' && 'provide' in p && p.provide === MESSAGES)).toBe(true);
  });
});

describe('TICKETS in a plugin module: mark is the plugin’s own', () => {
  it('marks and clears as the plugin and its own handlers only (403 otherwise); other methods are the kernel’s', async () => {
    const inner = { mark: vi.fn(async () => true), count: vi.fn(async () => 3) };
    const bound = pluginTickets('ai', inner as unknown as Tickets);
    expect(await bound.mark(7, 1, { plugin: 'ai', ref: 2 }, { heldBy: 'ai.answer' })).toBe(true);
    expect(await bound.mark(7, 1, null, { heldBy: 'ai.answer' })).toBe(true);
    await expect(bound.mark(7, 1, { plugin: 'integrations', ref: 2 })).rejects.toMatchObject({ status: 403 });
    await expect(bound.mark(7, 1, null, { heldBy: 'integrations.bound' })).rejects.toMatchObject({ status: 403 });
    expect(inner.mark).toHaveBeenCalledTimes(2);
    expect(await bound.count(7, { status: 'open' } as never)).toBe(3);
    class CModule {}
    const mod = pluginModule(definePlugin({ id: 'acme', version: '1.0.0', module: CModule }));
    expect((mod.providers ?? []).some((p) => typeof p === 'object' && 'provide' in p && p.provide === TICKETS)).toBe(true);
  });
});
