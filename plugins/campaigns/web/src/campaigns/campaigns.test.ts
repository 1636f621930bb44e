import { describe, expect, it } from 'vitest';
import { wallTime, type Campaign } from '@atende/plugin-campaigns-contract';
import { applyCampaignEvent, applyProgress, defaultLocalInput, filled, formMode, isImage, percent, previewText, recipientCount, saveCampaign, toLocalInput, toScheduledAt } from './campaigns.js';

// A wall time of the company's zone (Lima, UTC−5), whatever this machine's zone is.
const ZONE = 'America/Lima';
const wall = (ms: number) => wallTime(new Date(ms), ZONE)!;
const c = (id: number, extra: Partial<Campaign> = {}) => ({ id, name: `C${id}`, status: 'INATIVA', scheduledAt: null, progress: { total: 0, valid: 0, pending: 0, sent: 0, delivered: 0, read: 0, failed: 0 }, completedAt: null, ...extra }) as Campaign;

describe('campaign screen helpers', () => {
  it('§4 form modes', () => {
    const now = Date.now();
    expect(formMode(null, ZONE)).toBe('all');
    expect(formMode(c(1), ZONE)).toBe('all');
    expect(formMode(c(1, { status: 'PROGRAMADA', scheduledAt: wall(now + 2 * 3600_000) }), ZONE, now)).toBe('all');
    expect(formMode(c(1, { status: 'PROGRAMADA', scheduledAt: wall(now + 30 * 60_000) }), ZONE, now)).toBe('none');
    expect(formMode(c(1, { status: 'CANCELADA' }), ZONE)).toBe('messages');
    expect(formMode(c(1, { status: 'EM_ANDAMENTO' }), ZONE)).toBe('none');
    expect(formMode(c(1, { status: 'FINALIZADA' }), ZONE)).toBe('none');
  });
  it('merges live events and progress', () => {
    const rows = [c(1), c(2)];
    expect(applyCampaignEvent(rows, { action: 'create', record: c(3) }).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(applyCampaignEvent(rows, { action: 'create', record: c(3) }, 'zzz').map((r) => r.id)).toEqual([1, 2]);
    expect(applyCampaignEvent(rows, { action: 'update', record: c(2, { name: 'X' }) })[1]!.name).toBe('X');
    expect(applyCampaignEvent(rows, { action: 'delete', id: 1 }).map((r) => r.id)).toEqual([2]);
    const p = { total: 10, valid: 8, pending: 0, sent: 0, delivered: 8, read: 0, failed: 2 };
    expect(applyProgress(c(1), { campaignId: 1, status: 'FINALIZADA', progress: p, completedAt: 'x' })).toMatchObject({ status: 'FINALIZADA', completedAt: 'x' });
    expect(applyProgress(c(2), { campaignId: 1, status: 'FINALIZADA', progress: p, completedAt: 'x' }).status).toBe('INATIVA');
    expect(percent(p)).toBe(100);
    expect(percent({ ...p, delivered: 2 })).toBe(25);
    expect(percent({ ...p, valid: 0 })).toBe(0);
  });
  it('converts the date input to the API format and back', () => {
    expect(toScheduledAt('2030-05-01T09:30')).toBe('2030-05-01 09:30:00');
    expect(toScheduledAt('')).toBeNull();
    expect(toLocalInput('2030-05-01 09:30:00')).toBe('2030-05-01T09:30');
  });

  it('the dialog saves a new file before a schedule change (editing) and a new campaign as a draft first', async () => {
    const log: string[] = [];
    const calls = {
      create: async (b: object) => (log.push(`create ${JSON.stringify(b)}`), { id: 9 }),
      update: async (id: number, b: object) => (log.push(`update ${id} ${JSON.stringify(b)}`), { id }),
      upload: async (id: number) => (log.push(`upload ${id}`), { id }),
      removeMedia: async (id: number) => (log.push(`removeMedia ${id}`), { id }),
    };
    const full = { scheduleType: 'now', scheduledAt: null };
    await saveCampaign({ record: { id: 4, mediaPath: null }, hasFile: true, dropMedia: false, body: full, full }, calls);
    expect(log).toEqual(['upload 4', 'update 4 {"scheduleType":"now","scheduledAt":null}']);
    log.length = 0;
    await saveCampaign({ record: { id: 4, mediaPath: '/m/x.png' }, hasFile: false, dropMedia: true, body: full, full }, calls);
    expect(log).toEqual(['removeMedia 4', 'update 4 {"scheduleType":"now","scheduledAt":null}']);
    log.length = 0;
    await saveCampaign({ record: null, hasFile: true, dropMedia: false, body: full, full }, calls);
    expect(log).toEqual(['create {"scheduleType":null,"scheduledAt":null}', 'upload 9', 'update 9 {"scheduleType":"now","scheduledAt":null}']);
  });
});

describe('the campaign form\'s helpers (issue 38: confirm with the count, the zone, filled variants, preview)', () => {
  it('proposes two hours ahead on the company\'s clock, not the browser\'s', () => {
    const at = new Date('2026-06-01T15:30:00Z');
    expect(defaultLocalInput('America/Lima', at)).toBe('2026-06-01T10:30');
    expect(defaultLocalInput('Asia/Tokyo', at)).toBe('2026-06-02T00:30');
  });
  it('counts a send-now\'s recipients: the list, capped by the maximum; unknown for a tag', () => {
    expect(recipientCount(2431, null)).toBe(2431);
    expect(recipientCount(2431, 500)).toBe(500);
    expect(recipientCount(3, 500)).toBe(3);
    expect(recipientCount(null, 500)).toBeNull();
    expect(recipientCount(undefined, null)).toBeNull();
  });
  it('marks filled variants, fills the preview\'s sample, knows an image', () => {
    expect(filled('  ')).toBe(false);
    expect(filled(null)).toBe(false);
    expect(filled('Hola')).toBe(true);
    expect(previewText('Hola {name} ({number}) {name}', { name: 'Ana', number: '51' })).toBe('Hola Ana (51) Ana');
    expect(isImage('image/png')).toBe(true);
    expect(isImage('/public/company1/promo.JPG')).toBe(true);
    expect(isImage('application/pdf')).toBe(false);
    expect(isImage(null)).toBe(false);
  });
});
