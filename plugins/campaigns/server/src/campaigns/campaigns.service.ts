import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  AppError,
  CONNECTIONS,
  MEDIA,
  TAGS,
  containsPattern,
  type Connections,
  type Media,
  type ReceivedFile,
  type Tags,
} from '@atende/sdk-server';
import {
  CAMPAIGNS_ERRORS,
  CAMPAIGNS_PAGE_SIZE,
  CAMPAIGN_EDIT_MARGIN_MS,
  type Campaign,
  type CampaignPage,
  type campaignInputSchema,
  type campaignUpdateSchema,
} from '@atende/plugin-campaigns-contract';
import type { z } from 'zod';
import { CampaignEngine } from './campaign.engine.js';
import { fromWallTime, toDto } from './campaign.dto.js';
import { CampaignReader } from './campaign-reader.js';
import { CampaignsRealtime } from './campaigns.realtime.js';
import { MESSAGE_COLUMNS, q, type CampaignRow } from './sql.js';

type Input = z.output<typeof campaignInputSchema>;
type Update = z.output<typeof campaignUpdateSchema>;

export const campaignNotFound = () => AppError.notFound(CAMPAIGNS_ERRORS.campaignNotFound, 'Campaign not found.');
const notEditable = (message = 'This campaign can no longer be edited.') => AppError.conflict(CAMPAIGNS_ERRORS.notEditable, message);

/** Columns a PUT may set, by field. */
const COLUMN: Record<string, string> = {
  name: 'name',
  message1: 'message1',
  message2: 'message2',
  message3: 'message3',
  message4: 'message4',
  message5: 'message5',
  recipientType: 'recipient_type',
  tagId: 'tag_id',
  contactListId: 'contact_list_id',
  addTagId: 'add_tag_id',
  removeTagId: 'remove_tag_id',
  whatsappId: 'whatsapp_id',
  scheduleType: 'schedule_type',
  scheduledAt: 'scheduled_at',
  maxContacts: 'max_contacts',
};
const MESSAGE_FIELDS = new Set<string>(MESSAGE_COLUMNS);

/**
 * §4 editability: INATIVA, or PROGRAMADA more than an hour ahead, edits everything; CANCELADA only its
 * messages; the rest is read-only.
 */
export function editability(row: Pick<CampaignRow, 'status' | 'scheduled_at'>, now = Date.now()): 'all' | 'messages' | 'none' {
  if (row.status === 'INATIVA') return 'all';
  if (row.status === 'PROGRAMADA' && row.scheduled_at && new Date(row.scheduled_at).getTime() - now > CAMPAIGN_EDIT_MARGIN_MS) return 'all';
  if (row.status === 'CANCELADA') return 'messages';
  return 'none';
}

/** Every id of a request is checked against the signed-in user's company. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(TAGS) private readonly tags: Tags,
    @Inject(CONNECTIONS) private readonly connections: Connections,
    @Inject(MEDIA) private readonly media: Media,
    private readonly engine: CampaignEngine,
    private readonly live: CampaignsRealtime,
    private readonly reader: CampaignReader,
  ) {}

  async page(companyId: number, searchParam: string, pageNumber: number): Promise<CampaignPage> {
    const em = this.em.fork();
    const where = `company_id = ?${searchParam ? ' and name ilike ?' : ''}`;
    const params = [companyId, ...(searchParam ? [containsPattern(searchParam)] : [])];
    const [{ n }] = await q<{ n: number }>(em, `select count(*)::int as n from campaigns where ${where}`, params);
    const rows = await q<CampaignRow>(em, `select * from campaigns where ${where} order by id desc limit ? offset ?`, [
      ...params,
      CAMPAIGNS_PAGE_SIZE,
      (pageNumber - 1) * CAMPAIGNS_PAGE_SIZE,
    ]);
    return { records: await this.reader.dtos(em, companyId, rows), count: n!, hasMore: n! > pageNumber * CAMPAIGNS_PAGE_SIZE };
  }

  async show(companyId: number, id: number): Promise<Campaign> {
    const dto = await this.reader.findDto(companyId, id);
    if (!dto) throw campaignNotFound();
    return dto;
  }

  async create(companyId: number, input: Input): Promise<Campaign> {
    const data = normalize(input);
    await this.checkIds(companyId, data);
    checkReady(data);
    const status = data.scheduleType ? 'PROGRAMADA' : 'INATIVA';
    const [row] = await q<CampaignRow>(
      this.em.fork(),
      `insert into campaigns (company_id, name, status, message1, message2, message3, message4, message5, recipient_type, tag_id, contact_list_id,
         add_tag_id, remove_tag_id, whatsapp_id, schedule_type, confirm_now, scheduled_at, max_contacts)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${data.scheduleType === 'now' ? 'now()' : 'null'}, ?, ?) returning *`,
      [
        companyId,
        data.name,
        status,
        ...MESSAGE_COLUMNS.map((k) => data[k] ?? null),
        data.recipientType,
        data.tagId ?? null,
        data.contactListId ?? null,
        data.addTagId ?? null,
        data.removeTagId ?? null,
        data.whatsappId ?? null,
        data.scheduleType ?? null,
        data.scheduleType === 'schedule' ? fromWallTime(data.scheduledAt ?? null) : null,
        data.maxContacts ?? null,
      ],
    );
    await this.launch(row!);
    const dto = await this.show(companyId, row!.id);
    this.live.changed(companyId, 'create', dto);
    return dto;
  }

  /** Partial. §4 decides what may change; a campaign given a schedule type is (re)scheduled. */
  async update(companyId: number, id: number, body: Update): Promise<Campaign> {
    const em = this.em.fork();
    const updated = await em.transactional(async (tx) => {
      const [row] = await q<CampaignRow>(tx, `select * from campaigns where id = ? and company_id = ? for update`, [id, companyId]);
      if (!row) throw campaignNotFound();
      const sent = Object.entries(body).filter(([k, v]) => v !== undefined && k in COLUMN) as [string, unknown][];
      const mode = editability(row);
      if (mode === 'none' && sent.length) throw notEditable();
      if (mode === 'messages' && sent.some(([k, v]) => !MESSAGE_FIELDS.has(k) && !same(row, k, v))) throw notEditable('Only the messages of a cancelled campaign can be edited.');
      const current = fromRow(row);
      const next = normalize({ ...current, ...Object.fromEntries(sent) } as Input, Object.fromEntries(sent));
      await this.checkIds(companyId, next);
      if (mode === 'all') checkReady(next);
      // A cancelled campaign may restart: it keeps at least one message to send.
      if (mode === 'messages' && !MESSAGE_COLUMNS.some((k) => next[k]?.trim())) {
        throw AppError.validation([{ path: 'message1', message: 'required' }], 'A cancelled campaign keeps at least one message.');
      }
      const changed = Object.keys(COLUMN).filter((k) => !same(row, k, (next as Record<string, unknown>)[k]));
      if (!changed.length) return { row, schedule: false };
      const sets = changed.map((k) => `${COLUMN[k]} = ?`);
      const values = changed.map((k) => (k === 'scheduledAt' ? fromWallTime((next.scheduledAt as string | null) ?? null) : ((next as Record<string, unknown>)[k] ?? null)));
      let status = row.status;
      if (mode === 'all') status = next.scheduleType ? 'PROGRAMADA' : 'INATIVA';
      const [saved] = await q<CampaignRow>(
        tx,
        `update campaigns set ${sets.join(', ')}, status = ?, confirm_now = ${mode === 'all' && next.scheduleType === 'now' ? 'now()' : mode === 'all' ? 'null' : 'confirm_now'}, updated_at = now()
          where id = ? and company_id = ? returning *`,
        [...values, status, id, companyId],
      );
      return { row: saved!, schedule: mode === 'all' };
    });
    if (updated.schedule) await this.launch(updated.row);
    const dto = await this.show(companyId, id);
    this.live.changed(companyId, 'update', dto);
    return dto;
  }

  /** Deletes the campaign and its send log; a send in flight finds it gone. The file stays if a sent message uses it. */
  async remove(companyId: number, id: number): Promise<void> {
    const em = this.em.fork();
    const [row] = await q<CampaignRow>(em, `select * from campaigns where id = ? and company_id = ?`, [id, companyId]);
    if (!row) throw campaignNotFound();
    await this.engine.disarm(companyId, id, row.scheduled_at);
    const [{ used }] = await q<{ used: boolean }>(em, `select exists (select 1 from campaign_shipping where campaign_id = ? and company_id = ? and message_id is not null) as used`, [id, companyId]);
    await q(em, `delete from campaigns where id = ? and company_id = ?`, [id, companyId]);
    if (row.media_path && !used) await this.media.remove(companyId, row.media_path).catch(() => undefined);
    this.live.removed(companyId, id);
  }

  /**
   * EM_ANDAMENTO → CANCELADA: no further send (the one in flight, if any, finishes first). The queued
   * jobs stay and do nothing (they find the campaign cancelled); a restart removes them when it re-arms.
   * Removing them here would race a restart that re-armed meanwhile.
   */
  async cancel(companyId: number, id: number): Promise<Campaign> {
    await this.transition(companyId, id, 'EM_ANDAMENTO', 'CANCELADA', 'Only a running campaign can be cancelled.');
    // What was handed over but has not left is taken back: nothing of it holds the connection.
    await this.engine.withdraw(companyId, id);
    const dto = await this.show(companyId, id);
    this.live.changed(companyId, 'update', dto);
    return dto;
  }

  /** CANCELADA → EM_ANDAMENTO: the recipients still pending are paced from now; nobody is sent twice. */
  async restart(companyId: number, id: number): Promise<Campaign> {
    await this.transition(companyId, id, 'CANCELADA', 'EM_ANDAMENTO', 'Only a cancelled campaign can be restarted.');
    await this.engine.arm(companyId, id);
    await this.engine.finishIfDone(companyId, id);
    const dto = await this.show(companyId, id);
    this.live.changed(companyId, 'update', dto);
    return dto;
  }

  async attach(companyId: number, id: number, receive: () => Promise<ReceivedFile>): Promise<Campaign> {
    const row = await this.editable(companyId, id);
    const file = await receive();
    const stored = await this.media.store(companyId, { path: file.path, name: file.name, mimetype: file.mimetype }, { voice: false });
    let previous: string | null;
    try {
      previous = await this.swapFile(companyId, row.id, stored.url, file.name.slice(0, 255));
    } catch (err) {
      await this.media.remove(companyId, stored.url).catch(() => undefined);
      throw err;
    }
    if (previous) await this.media.remove(companyId, previous).catch(() => undefined);
    const dto = await this.show(companyId, id);
    this.live.changed(companyId, 'update', dto);
    return dto;
  }

  async detach(companyId: number, id: number): Promise<Campaign> {
    await this.editable(companyId, id);
    const previous = await this.swapFile(companyId, id, null, null);
    if (previous) await this.media.remove(companyId, previous).catch(() => undefined);
    const dto = await this.show(companyId, id);
    this.live.changed(companyId, 'update', dto);
    return dto;
  }

  private async editable(companyId: number, id: number): Promise<CampaignRow> {
    const [row] = await q<CampaignRow>(this.em.fork(), `select * from campaigns where id = ? and company_id = ?`, [id, companyId]);
    if (!row) throw campaignNotFound();
    if (editability(row) !== 'all') throw notEditable();
    return row;
  }

  /** Under the row lock, re-checking §4 (the campaign may have started since). Answers the previous file. */
  private async swapFile(companyId: number, id: number, url: string | null, name: string | null): Promise<string | null> {
    return this.em.fork().transactional(async (tx) => {
      const [row] = await q<CampaignRow>(tx, `select * from campaigns where id = ? and company_id = ? for update`, [id, companyId]);
      if (!row) throw campaignNotFound();
      if (editability(row) !== 'all') throw notEditable();
      await q(tx, `update campaigns set media_path = ?, media_name = ?, updated_at = now() where id = ? and company_id = ?`, [url, name, id, companyId]);
      return row.media_path;
    });
  }

  private async transition(companyId: number, id: number, from: CampaignRow['status'], to: CampaignRow['status'], message: string): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const [row] = await q<CampaignRow>(tx, `select status from campaigns where id = ? and company_id = ? for update`, [id, companyId]);
      if (!row) throw campaignNotFound();
      if (row.status !== from) throw AppError.conflict(CAMPAIGNS_ERRORS.invalidTransition, message);
      await q(tx, `update campaigns set status = ?, updated_at = now() where id = ? and company_id = ?`, [to, id, companyId]);
    });
  }

  /** A PROGRAMADA campaign: "now" starts at once (in this request), "schedule" gets its start job. */
  private async launch(row: CampaignRow): Promise<void> {
    if (row.status !== 'PROGRAMADA') return;
    if (row.schedule_type === 'now') await this.engine.start(row.company_id, row.id);
    else await this.engine.schedule(row);
  }

  /** 404 for a list, tag or connection that is not the company's. */
  private async checkIds(companyId: number, d: Partial<Input>): Promise<void> {
    if (d.contactListId) {
      const [l] = await q(this.em.fork(), `select 1 from contact_lists where id = ? and company_id = ?`, [d.contactListId, companyId]);
      if (!l) throw AppError.notFound(CAMPAIGNS_ERRORS.contactListNotFound, 'Contact list not found.');
    }
    const tagIds = [d.tagId, d.addTagId, d.removeTagId].filter((t): t is number => !!t);
    if (tagIds.length) {
      const found = new Set((await this.tags.list(companyId, { ids: tagIds })).map((t) => t.id));
      if (tagIds.some((t) => !found.has(t))) throw AppError.notFound(CAMPAIGNS_ERRORS.tagNotFound, 'Tag not found.');
    }
    if (d.whatsappId && !(await this.connections.get(companyId, d.whatsappId))) throw AppError.notFound(CAMPAIGNS_ERRORS.connectionNotFound, 'Connection not found.');
  }
}

/** §4: tags clear the list, contacts clear the tag; "now" clears scheduledAt. */
function normalize<T extends Partial<Input>>(d: T, sent: Record<string, unknown> = d): T {
  const out = { ...d };
  if (out.recipientType === 'tags') out.contactListId = null;
  if (out.recipientType === 'contacts') out.tagId = null;
  // Choosing a list or a tag alone implies the type.
  if (sent.recipientType === undefined && sent.tagId && !sent.contactListId) Object.assign(out, { recipientType: 'tags', contactListId: null, tagId: sent.tagId });
  if (out.scheduleType !== 'schedule') out.scheduledAt = null;
  return out;
}

/** What a campaign about to be scheduled needs; a draft (no schedule type) may lack it. */
function checkReady(d: Partial<Input>): void {
  if (!d.scheduleType) return;
  const details: { path: string; message: string }[] = [];
  if (!d.whatsappId) details.push({ path: 'whatsappId', message: 'required' });
  if (d.recipientType === 'contacts' && !d.contactListId) details.push({ path: 'contactListId', message: 'required' });
  if (d.recipientType === 'tags' && !d.tagId) details.push({ path: 'tagId', message: 'required' });
  if (!MESSAGE_COLUMNS.some((k) => d[k]?.trim())) details.push({ path: 'message1', message: 'required' });
  if (d.scheduleType === 'schedule') {
    if (!d.scheduledAt) details.push({ path: 'scheduledAt', message: 'required' });
    else if ((fromWallTime(d.scheduledAt)?.getTime() ?? 0) <= Date.now()) details.push({ path: 'scheduledAt', message: 'in_past' });
  }
  if (details.length) throw AppError.validation(details, 'The campaign cannot be scheduled yet.');
}

function fromRow(row: CampaignRow): Partial<Input> {
  return {
    name: row.name,
    ...Object.fromEntries(MESSAGE_COLUMNS.map((k) => [k, row[k]])),
    recipientType: row.recipient_type,
    tagId: row.tag_id,
    contactListId: row.contact_list_id,
    addTagId: row.add_tag_id,
    removeTagId: row.remove_tag_id,
    whatsappId: row.whatsapp_id,
    scheduleType: row.schedule_type,
    scheduledAt: toDto(row, {}).scheduledAt,
    maxContacts: row.max_contacts,
  };
}

/** Whether field `k` of the row already holds `v`. */
function same(row: CampaignRow, k: string, v: unknown): boolean {
  const current = (fromRow(row) as Record<string, unknown>)[k];
  return (current ?? null) === (v ?? null);
}
