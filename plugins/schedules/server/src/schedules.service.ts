import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/core';
import { definedFields } from '@atende/core-contract';
import { AppError, CONTACTS, MEDIA, MESSAGES, containsPattern, type AuthUser, type ContactSummary, type Contacts, type Media, type Messages, type OpenedMedia, type ReceivedFile } from '@atende/sdk-server';
import { SCHEDULES_PAGE_SIZE, type Schedule, type SchedulePage, type ScheduleUpdate } from '@atende/plugin-schedules-contract';
import { ScheduleEntity, type ScheduleRow } from './schedule.entity.js';
import { PLUGIN_ID, ScheduleDelivery, correlationIdOf } from './schedule.delivery.js';
import { SchedulesRealtime } from './schedules.realtime.js';
import { toDto } from './schedule.dto.js';

export interface ListQuery {
  searchParam: string;
  pageNumber: number;
  from?: Date;
  to?: Date;
  contactId?: number;
}

const notFound = () => AppError.notFound('ERR_NO_SCHEDULE_FOUND', 'Schedule not found.');
const alreadySent = () => AppError.conflict('ERR_SCHEDULE_ALREADY_SENT', 'This schedule was already sent.');

/** The rules of the API; every query carries the user's company (raw SQL included). */
@Injectable()
export class SchedulesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(MEDIA) private readonly media: Media,
    @Inject(CONTACTS) private readonly contacts: Contacts,
    @Inject(MESSAGES) private readonly messages: Messages,
    private readonly delivery: ScheduleDelivery,
    private readonly live: SchedulesRealtime,
  ) {}

  /**
   * Ordered by send time; the search looks at the contact's name and number (the matching contacts'
   * ids come from the CONTACTS port) and the text.
   */
  async page(user: AuthUser, q: ListQuery): Promise<SchedulePage> {
    const where = ['s.company_id = ?'];
    const params: unknown[] = [user.companyId];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      params.push(value);
    };
    if (q.from) add('s.send_at >= ?', q.from);
    if (q.to) add('s.send_at < ?', q.to);
    if (q.contactId) add('s.contact_id = ?', q.contactId);
    if (q.searchParam) {
      const contacts = await this.contacts.matching(user.companyId, q.searchParam);
      where.push('(s.contact_id = any(array[?]::int[]) or s.body ilike ?)');
      params.push(contacts.length ? contacts : [0], containsPattern(q.searchParam));
    }
    const [{ total }] = (await this.em.getConnection().execute(`select count(*) as total from schedules s where ${where.join(' and ')}`, params)) as { total: string }[];
    const count = Number(total);
    const entities = count
      ? await this.em.find(ScheduleEntity, { companyId: user.companyId, id: { $in: await this.pageIds(where, params, q.pageNumber) } }, { orderBy: { sendAt: 'asc', id: 'asc' } })
      : [];
    const contacts = new Map((await this.contacts.many(user.companyId, entities.map((e) => e.contactId))).map((c) => [c.id, c]));
    // A schedule whose contact is gone (deleted meanwhile) is not listed, as before with the join.
    const schedules = entities.flatMap((e) => {
      const c = contacts.get(e.contactId);
      return c ? [toDto(e, { id: c.id, name: c.name, number: c.number })] : [];
    });
    return { schedules, count, hasMore: count > q.pageNumber * SCHEDULES_PAGE_SIZE };
  }

  private async pageIds(where: string[], params: unknown[], pageNumber: number): Promise<number[]> {
    const rows = (await this.em
      .getConnection()
      .execute(`select s.id from schedules s where ${where.join(' and ')} order by s.send_at, s.id limit ? offset ?`, [
        ...params,
        SCHEDULES_PAGE_SIZE,
        (pageNumber - 1) * SCHEDULES_PAGE_SIZE,
      ])) as { id: number }[];
    return rows.map((r) => Number(r.id));
  }

  async show(user: AuthUser, id: number): Promise<Schedule> {
    const row = await this.find(user, id);
    return toDto(row, await this.contacts.get(user.companyId, row.contactId));
  }

  async create(user: AuthUser, data: { body: string; contactId: number; sendAt: Date }): Promise<Schedule> {
    const contact = await this.contactOf(user, data.contactId);
    const row = this.em.create(ScheduleEntity, {
      companyId: user.companyId,
      contactId: contact.id,
      userId: user.id,
      body: data.body,
      sendAt: data.sendAt,
      status: 'pending',
      attempts: 0,
    } as ScheduleRow);
    await this.em.flush();
    // After the commit; if Redis fails here the next start arms it from the row.
    await this.delivery.arm(row);
    return this.told(user, 'create', row, contact);
  }

  /**
   * Partial. A sent schedule is history (409); editing a failed one puts it back to pending, so the
   * user can retry it by fixing what failed or choosing a new time.
   */
  async update(user: AuthUser, id: number, data: ScheduleUpdate): Promise<Schedule> {
    const changes = definedFields(data);
    const contact = changes.contactId !== undefined ? await this.contactOf(user, changes.contactId) : null;
    const { row, before } = await this.em.transactional(async (tx) => {
      // Locked: a send in progress finishes first, and then this edit is refused as already sent.
      const s = await tx.findOne(ScheduleEntity, { id, companyId: user.companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!s) throw notFound();
      if (s.status === 'sent') throw alreadySent();
      const was = { sendAt: s.sendAt, status: s.status };
      tx.assign(s, { ...changes, status: 'pending', ...(was.status === 'failed' ? { error: null, attempts: 0 } : {}) });
      return { row: s, before: was };
    });
    if (before.sendAt.getTime() !== row.sendAt.getTime()) await this.delivery.disarm(row.id, before.sendAt);
    // Same time and still pending: the job is already there (arm is a no-op); a failed one is armed anew.
    await this.delivery.arm(row);
    return this.told(user, 'update', row, contact ?? (await this.contacts.get(user.companyId, row.contactId)));
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const { row, keepFile } = await this.em.transactional(async (tx) => {
      const s = await tx.findOne(ScheduleEntity, { id, companyId: user.companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!s) throw notFound();
      // Read under the lock: a send cannot slip in between this look and the delete.
      const inUse = s.mediaUrl ? await this.fileInUse(user.companyId, s) : false;
      tx.remove(s);
      return { row: s, keepFile: inUse };
    });
    await this.delivery.disarm(row.id, row.sendAt);
    this.live.removed(user.companyId, id);
    // The row is gone: a file that cannot be removed now is only disk space, not a failed delete.
    if (row.mediaUrl && !keepFile) await this.media.remove(user.companyId, row.mediaUrl).catch(() => undefined);
  }

  /**
   * Whether the schedule's file is also the file of a message it sent: the outbound message keeps the
   * same media url (no copy), so removing it would break that message. Sent, or a send stored whose
   * own commit here was lost (the row still pending until the job's retry finds it).
   */
  private async fileInUse(companyId: number, s: ScheduleRow): Promise<boolean> {
    if (s.status === 'sent') return true;
    return (await this.messages.findSent(companyId, PLUGIN_ID, correlationIdOf(s.id, s.sendAt))) !== null;
  }

  /**
   * Changes the file of a schedule under its row lock, refusing a sent one (the job may have sent it
   * since the caller's first look). Answers the row and its previous file, when that may be removed.
   */
  private async swapFile(user: AuthUser, id: number, next: { mediaUrl: string | null; mediaName: string | null }) {
    return this.em.transactional(async (tx) => {
      // Refreshed: the caller may hold a copy read before the lock.
      const s = await tx.findOne(ScheduleEntity, { id, companyId: user.companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!s) throw notFound();
      if (s.status === 'sent') throw alreadySent();
      const previous = s.mediaUrl && !(await this.fileInUse(user.companyId, s)) ? s.mediaUrl : null;
      tx.assign(s, next);
      return { row: s, previous };
    });
  }

  /** Keeps the checked upload as the schedule's image, replacing (and forgetting) the previous one. */
  async attach(user: AuthUser, id: number, receive: () => Promise<ReceivedFile>): Promise<Schedule> {
    // A first look without the lock, so a file is not even received for a sent or missing one.
    const row = await this.find(user, id);
    if (row.status === 'sent') throw alreadySent();
    const file = await receive();
    const stored = await this.media.store(user.companyId, { path: file.path, name: file.name, mimetype: file.mimetype });
    let swapped: { row: ScheduleRow; previous: string | null };
    try {
      // The sender's name is a label only; it must fit its column whatever its length.
      swapped = await this.swapFile(user, row.id, { mediaUrl: stored.url, mediaName: file.name.slice(0, 255) });
    } catch (err) {
      await this.media.remove(user.companyId, stored.url).catch(() => undefined); // no orphan file
      throw err;
    }
    if (swapped.previous) await this.media.remove(user.companyId, swapped.previous).catch(() => undefined);
    return this.told(user, 'update', swapped.row, await this.contacts.get(user.companyId, swapped.row.contactId));
  }

  async detach(user: AuthUser, id: number): Promise<Schedule> {
    const swapped = await this.swapFile(user, id, { mediaUrl: null, mediaName: null });
    if (swapped.previous) await this.media.remove(user.companyId, swapped.previous).catch(() => undefined);
    return this.told(user, 'update', swapped.row, await this.contacts.get(user.companyId, swapped.row.contactId));
  }

  /** The attached image as a stream from the Media port (never read whole into memory). */
  async image(user: AuthUser, id: number): Promise<OpenedMedia> {
    const row = await this.find(user, id);
    if (!row.mediaUrl) throw notFound();
    return this.media.open(user.companyId, row.mediaUrl);
  }

  private told(user: AuthUser, action: 'create' | 'update', row: ScheduleRow, contact: ContactSummary | null): Schedule {
    const dto = toDto(row, contact);
    this.live.changed(user.companyId, action, dto);
    return dto;
  }

  private async find(user: AuthUser, id: number): Promise<ScheduleRow> {
    const row = await this.em.findOne(ScheduleEntity, { id, companyId: user.companyId });
    if (!row) throw notFound();
    return row;
  }

  /** The contact must be the company's (the Contacts port answers null for another company's). */
  private async contactOf(user: AuthUser, contactId: number): Promise<ContactSummary> {
    const contact = await this.contacts.get(user.companyId, contactId);
    if (!contact) throw AppError.notFound('ERR_NO_CONTACT_FOUND');
    return contact;
  }
}
