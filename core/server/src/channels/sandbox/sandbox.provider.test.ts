import { describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChannelContact, ChannelEvents, SessionStatus } from '@atende/sdk-server';
import { SandboxProvider, isSandboxSession } from './sandbox.provider.js';

/** Just enough of MikroORM for the sandbox: the statements it runs (outbox rows are its inserts). */
function fakeOrm() {
  const statements: unknown[][] = [];
  const em = {
    getConnection: () => ({ execute: async (sql: string, params: unknown[]) => statements.push([sql, params]) }),
  };
  const inserts = () => statements.filter(([sql]) => /^insert into sandbox_outbox/.test(String(sql))).map(([, params]) => params);
  return { orm: { em: { fork: () => em } } as unknown as MikroORM, statements, get rows() {
    return inserts();
  } };
}

function recorder() {
  const statuses: { status: SessionStatus; detail?: Record<string, unknown> }[] = [];
  const contacts: ChannelContact[] = [];
  const events: ChannelEvents = {
    status: (status, detail) => statuses.push({ status, detail }),
    message: async () => undefined,
    ack: () => undefined,
    edit: () => undefined,
    revoke: () => undefined,
    contact: (c) => {
      contacts.push(c);
    },
  };
  return { events, statuses, contacts };
}

const connection = { id: 4, companyId: 2, name: 'demo' };

describe('sandbox provider', () => {
  it('connects at once without linking options, and sends into the outbox', async () => {
    const fake = fakeOrm();
    const rows = () => fake.rows;
    const { events, statuses } = recorder();
    const session = await new SandboxProvider(fake.orm).start(connection, events);
    expect(statuses).toEqual([{ status: 'CONNECTED', detail: { number: 'sandbox-4' } }]);
    const { providerMessageId } = await session.send({ to: '51900000001', body: 'hola' });
    expect(providerMessageId).toMatch(/^SBX/);
    expect(rows()).toEqual([[2, 4, '51900000001', 'hola', null, providerMessageId]]);
    expect(await session.confirmLink()).toBe(false);
  });

  it('sends under a given id (issue 28 item 1): the insert keeps one row per id, so a retry under it is not delivered twice', async () => {
    const fake = fakeOrm();
    const session = await new SandboxProvider(fake.orm).start(connection, recorder().events);
    const id = session.newMessageId!('51900000001');
    expect(id).toMatch(/^SBX[0-9A-F]{20}$/);
    expect(await session.send({ to: '51900000001', body: 'hola', providerMessageId: id })).toEqual({ providerMessageId: id });
    const [[sql, params]] = fake.statements;
    expect(sql).toMatch(/on conflict \(whatsapp_id, provider_message_id\) do nothing/);
    expect(params).toEqual([2, 4, '51900000001', 'hola', null, id]);
  });

  it('with qr waits for the scan: a QR first, sends refused, then CONNECTED once', async () => {
    const fake = fakeOrm();
    const orm = fake.orm;
    const rows = () => fake.rows;
    const { events, statuses } = recorder();
    const session = await new SandboxProvider(orm).start(connection, events, { qr: true });
    expect(statuses).toEqual([{ status: 'qrcode', detail: { qrcode: expect.stringMatching(/^sandbox:4:[0-9a-f-]{36}$/), retries: 0 } }]);
    await expect(session.send({ to: '51900000001', body: 'x' })).rejects.toThrow(/not linked/);
    expect(rows()).toEqual([]);
    expect(await session.confirmLink()).toBe(true);
    expect(await session.confirmLink()).toBe(false);
    expect(statuses.slice(1)).toEqual([{ status: 'CONNECTED', detail: { number: 'sandbox-4' } }]);
    expect(isSandboxSession(session)).toBe(true);
  });

  it('with a pairing phone shows an 8-character code, then links', async () => {
    const { orm } = fakeOrm();
    const { events, statuses } = recorder();
    const session = await new SandboxProvider(orm).start(connection, events, { pairingPhone: '51999888777' });
    expect(statuses[0]).toEqual({ status: 'PAIRING', detail: { pairingCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/) } });
    expect(await session.confirmLink()).toBe(true);
    expect(statuses.at(-1)?.status).toBe('CONNECTED');
  });

  it('reports its address book as contact events, one per entry and as given, once linked', async () => {
    const { orm } = fakeOrm();
    const { events, contacts } = recorder();
    const session = await new SandboxProvider(orm).start(connection, events, { qr: true });
    expect(() => session.phoneBook([{ number: '51900000001', name: 'Ana' }])).toThrow(/not linked/);
    expect(contacts).toEqual([]);
    await session.confirmLink();
    session.phoneBook([{ number: '51900000001', name: 'Ana' }, { number: '120363000000000000@g.us', name: 'Grupo' }]);
    // Keeping only phone numbers is the kernel's job, whatever the provider reports.
    expect(contacts).toEqual([
      { number: '51900000001', name: 'Ana' },
      { number: '120363000000000000@g.us', name: 'Grupo' },
    ]);
  });

  it('marks a rejected call of this company and connection', async () => {
    const { orm, statements } = fakeOrm();
    const session = await new SandboxProvider(orm).start(connection, recorder().events);
    await session.rejectCall!('51900000001', 'CALL-1');
    expect(statements).toEqual([[expect.stringContaining('update sandbox_calls set rejected_at = now()'), [2, 4, 'CALL-1']]]);
  });
});
