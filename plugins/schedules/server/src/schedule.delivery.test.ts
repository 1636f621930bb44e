import { describe, expect, it, vi } from 'vitest';
import type { Job } from 'bullmq';
import { AppError } from '@atende/sdk-server';
import { ScheduleDelivery, SEND_ATTEMPTS, correlationIdOf, jobIdOf, type ScheduleJobData } from './schedule.delivery.js';
import type { SchedulesRealtime } from './schedules.realtime.js';

const SEND_AT = Date.UTC(2026, 4, 20, 15, 0);

/** The delivery with every port faked: one pending row (id 5, company 1) and a sandbox-like Messages. */
function setup(sendToNumber: () => Promise<{ messageId: number; ticketId: number }>, row: Record<string, unknown> = {}, alreadyStored: { messageId: number; ticketId: number; whatsappId: number } | null = null) {
  const s = { id: 5, companyId: 1, contactId: 9, body: 'Hola Ana', sendAt: new Date(SEND_AT), status: 'pending', attempts: 0, error: null, mediaUrl: null, mediaName: null, createdAt: new Date(), updatedAt: new Date(), ...row };
  const tx = { findOne: vi.fn(async () => s), assign: (target: object, data: object) => Object.assign(target, data) };
  const tenancy = { forCompany: async (_: number, work: (em: unknown) => Promise<unknown>) => work({ transactional: (fn: (t: unknown) => Promise<unknown>) => fn(tx) }) };
  const send = vi.fn(sendToNumber);
  const findSent = vi.fn(async () => alreadyStored);
  const changed = vi.fn();
  const delivery = new ScheduleDelivery(
    {} as never,
    {} as never,
    tenancy as never,
    { sendToNumber: send, findSent } as never,
    { get: async () => ({ id: 9, name: 'Ana', number: '51999' }) } as never,
    { get: async (_: number, id: number) => ({ id }), list: async () => [] } as never,
    { find: async () => [{ whatsappId: 7 }] } as never,
    { get: async () => ({ status: true }), hasPlanFlag: async () => true } as never,
    { changed, removed: vi.fn() } as unknown as SchedulesRealtime,
  );
  const job = (attemptsMade: number) => ({ data: { companyId: 1, scheduleId: 5, sendAt: SEND_AT }, attemptsMade, opts: { attempts: SEND_ATTEMPTS } }) as unknown as Job<ScheduleJobData>;
  return { s, send, findSent, changed, delivery, job };
}

describe('schedule delivery job', () => {
  it('sends through the Messages port as the plugin, on the last ticket’s connection, and marks it sent', async () => {
    const { s, send, changed, delivery, job } = setup(async () => ({ messageId: 30, ticketId: 40 }));
    await delivery.process(job(0));
    expect(send).toHaveBeenCalledWith(1, { whatsappId: 7, number: '51999', name: 'Ana' }, { body: 'Hola Ana', source: 'schedules', correlationId: `schedule-5-${SEND_AT}` });
    expect(s).toMatchObject({ status: 'sent', messageId: 30, ticketId: 40, whatsappId: 7, attempts: 1, error: null });
    expect(changed).toHaveBeenCalledWith(1, 'update', expect.objectContaining({ id: 5, status: 'sent' }));
  });

  it('a message already stored for this schedule and time (the job died, or its commit failed, after sending) is not sent again', async () => {
    const { s, send, findSent, changed, delivery, job } = setup(async () => ({ messageId: 31, ticketId: 41 }), {}, { messageId: 30, ticketId: 40, whatsappId: 7 });
    await delivery.process(job(1));
    expect(findSent).toHaveBeenCalledWith(1, 'schedules', `schedule-5-${SEND_AT}`);
    expect(send).not.toHaveBeenCalled();
    expect(s).toMatchObject({ status: 'sent', messageId: 30, ticketId: 40, whatsappId: 7, error: null });
    expect(changed).toHaveBeenCalledWith(1, 'update', expect.objectContaining({ id: 5, status: 'sent' }));
  });

  it('the correlation id carries the time: a failed schedule edited to a new time is a new send', () => {
    expect(correlationIdOf(5, SEND_AT)).toBe(`schedule-5-${SEND_AT}`);
    expect(correlationIdOf(5, new Date(SEND_AT + 60_000))).not.toBe(correlationIdOf(5, SEND_AT));
    expect(correlationIdOf(2_147_483_647, new Date('9999-12-31T23:59:59Z')).length).toBeLessThanOrEqual(100);
  });

  it('sends nothing for a row edited to another time, already sent or gone', async () => {
    for (const row of [{ sendAt: new Date(SEND_AT + 60_000) }, { status: 'sent' }]) {
      const { send, delivery, job } = setup(async () => ({ messageId: 1, ticketId: 1 }), row);
      await delivery.process(job(0));
      expect(send).not.toHaveBeenCalled();
    }
  });

  it('a failed send throws (BullMQ retries with backoff) keeping it pending; the last try marks it failed with the reason', async () => {
    const { s, delivery, job } = setup(async () => {
      throw new Error('socket hang up');
    });
    await expect(delivery.process(job(0))).rejects.toThrow('socket hang up');
    expect(s).toMatchObject({ status: 'pending', attempts: 1, error: 'socket hang up' });
    await expect(delivery.process(job(SEND_ATTEMPTS - 1))).resolves.toBeUndefined();
    expect(s).toMatchObject({ status: 'failed', attempts: 2, error: 'socket hang up' });
  });

  it('a refusal retrying cannot fix fails at once', async () => {
    const { s, delivery, job } = setup(async () => {
      throw AppError.notFound('ERR_NO_WAPP_FOUND');
    });
    await delivery.process(job(0));
    expect(s).toMatchObject({ status: 'failed', error: 'ERR_NO_WAPP_FOUND', attempts: 1 });
  });

  it('names jobs by schedule and time, so a new time is a new job', () => {
    expect(jobIdOf(5, new Date(SEND_AT))).toBe(`schedule-5-${SEND_AT}`);
    expect(jobIdOf(5, SEND_AT + 1)).not.toBe(jobIdOf(5, SEND_AT));
  });
});
