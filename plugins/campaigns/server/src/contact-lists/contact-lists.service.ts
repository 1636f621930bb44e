import { readFile } from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager, ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { AppError, MEDIA, containsPattern, type Media, type ReceivedFile } from '@atende/sdk-server';
import {
  CAMPAIGNS_ERRORS,
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_LISTS_PAGE_SIZE,
  CONTACT_LISTS_SELECT_LIMIT,
  type ContactImportError,
  type ContactImportResult,
  type ContactList,
  type ContactListName,
  type ContactListPage,
  type ContactListUpdate,
} from '@atende/plugin-campaigns-contract';
import { ContactListSchema, type ContactListRow } from './contact-list.entity.js';
import { ContactListsRealtime } from './contact-lists.realtime.js';
import { parseContactSheet, type SheetContact } from './contact-sheet.js';
import { NumberCheck } from './number-check.js';

/** Rows per insert statement of an upload (5 parameters each: well under PostgreSQL's 65,535). */
export const IMPORT_BATCH = 1000;

export const listNotFound = () => AppError.notFound(CAMPAIGNS_ERRORS.contactListNotFound, 'Contact list not found.');

const toDto = (row: ContactListRow, contactsCount: number): ContactList => ({
  id: row.id,
  name: row.name,
  contactsCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every read and write is by the signed-in user's company: another company's id is "not found". */
@Injectable()
export class ContactListsService {
  private readonly log = new Logger('CampaignsContactLists');

  constructor(
    private readonly em: EntityManager,
    @Inject(MEDIA) private readonly media: Media,
    private readonly live: ContactListsRealtime,
    private readonly check: NumberCheck,
  ) {}

  async page(companyId: number, searchParam: string, pageNumber: number): Promise<ContactListPage> {
    const where = { companyId, ...(searchParam ? { name: { $ilike: containsPattern(searchParam) } } : {}) };
    const [rows, count] = await this.em.findAndCount(ContactListSchema, where, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: CONTACT_LISTS_PAGE_SIZE,
      offset: (pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE,
    });
    const counts = await this.counts(companyId, rows.map((r) => r.id));
    return { records: rows.map((r) => toDto(r, counts.get(r.id) ?? 0)), count, hasMore: count > pageNumber * CONTACT_LISTS_PAGE_SIZE };
  }

  async names(companyId: number): Promise<ContactListName[]> {
    const rows = await this.em.find(ContactListSchema, { companyId }, { orderBy: { name: 'asc', id: 'asc' }, limit: CONTACT_LISTS_SELECT_LIMIT });
    const counts = await this.counts(companyId, rows.map((r) => r.id));
    return rows.map((r) => ({ id: r.id, name: r.name, contactsCount: counts.get(r.id) ?? 0 }));
  }

  async show(companyId: number, id: number): Promise<ContactList> {
    return this.dto(await this.find(companyId, id));
  }

  async create(companyId: number, name: string): Promise<ContactList> {
    const row = this.em.create(ContactListSchema, { companyId, name });
    await this.em.flush();
    const dto = toDto(row, 0);
    this.live.list(companyId, 'create', dto);
    return dto;
  }

  /** Partial: only the fields sent change. */
  async update(companyId: number, id: number, data: ContactListUpdate): Promise<ContactList> {
    const row = await this.find(companyId, id);
    if (data.name !== undefined) row.name = data.name;
    await this.em.flush();
    const dto = await this.dto(row);
    this.live.list(companyId, 'update', dto);
    return dto;
  }

  /** Deletes the list and its items (the foreign key cascades). */
  async remove(companyId: number, id: number): Promise<void> {
    const gone = await this.em.nativeDelete(ContactListSchema, { id, companyId });
    if (!gone) throw listNotFound();
    this.live.listRemoved(companyId, id);
  }

  /** The list of the company, or 404 (another company's id is not found either). */
  async find(companyId: number, id: number): Promise<ContactListRow> {
    const row = await this.em.findOne(ContactListSchema, { id, companyId }, { refresh: true });
    if (!row) throw listNotFound();
    return row;
  }

  async dto(row: ContactListRow): Promise<ContactList> {
    return toDto(row, (await this.counts(row.companyId, [row.id])).get(row.id) ?? 0);
  }

  /** Tells the screens that a list's count changed (after items were added, moved or removed). */
  async touched(companyId: number, id: number): Promise<void> {
    const row = await this.em.findOne(ContactListSchema, { id, companyId }, { refresh: true });
    if (row) this.live.list(companyId, 'update', await this.dto(row));
  }

  /**
   * An uploaded sheet becomes items of the list: the rows are read through the Media port (zip guard,
   * at most CONTACT_IMPORT_MAX_ROWS), checked one by one, and the good ones inserted by batches of
   * IMPORT_BATCH rows, one multi-row statement each; a number already in the list is skipped by the
   * unique index and reported. Progress goes out after each batch. The WhatsApp check of the new
   * items runs afterwards, in the background.
   */
  async importSheet(companyId: number, id: number, receive: () => Promise<ReceivedFile>): Promise<ContactImportResult> {
    await this.find(companyId, id);
    const file = await receive();
    const rows = await this.media.readSheet(await readFile(file.path), { maxRows: CONTACT_IMPORT_MAX_ROWS });
    const sheet = parseContactSheet(rows);
    const errors: ContactImportError[] = [...sheet.errors];
    let processed = sheet.errors.length;
    let created = 0;
    this.live.progress(companyId, { contactListId: id, processed, total: sheet.total, done: false });
    const conn = this.em.getConnection();
    try {
      for (let i = 0; i < sheet.valid.length; i += IMPORT_BATCH) {
        const part = sheet.valid.slice(i, i + IMPORT_BATCH);
        const inserted: { number: string }[] = await conn.execute(
          `insert into contact_list_items (company_id, contact_list_id, name, number, email)
           values ${part.map(() => '(?, ?, ?, ?, ?)').join(', ')}
           on conflict (contact_list_id, number) do nothing
           returning number`,
          part.flatMap((c) => [companyId, id, c.name, c.number, c.email]),
        );
        const added = new Set(inserted.map((r) => r.number));
        created += added.size;
        for (const c of part) if (!added.has(c.number)) errors.push(duplicated(c));
        processed += part.length;
        this.live.progress(companyId, { contactListId: id, processed, total: sheet.total, done: false });
      }
    } catch (err) {
      // The list was deleted while its rows went in (the composite foreign key refuses them).
      if (err instanceof ForeignKeyConstraintViolationException) throw listNotFound();
      throw err;
    } finally {
      this.live.progress(companyId, { contactListId: id, processed, total: sheet.total, done: true });
    }
    if (created > 0) {
      this.live.reload(companyId, id);
      await this.touched(companyId, id);
      this.check.request({ companyId, contactListId: id });
    }
    this.log.log(`company ${companyId} list ${id}: ${created} of ${sheet.total} rows imported`);
    return { total: sheet.total, created, errors: errors.sort((a, b) => a.row - b.row) };
  }

  /** Items per list, for the lists asked (raw SQL: it carries the company). */
  private async counts(companyId: number, ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows: { id: number; n: number }[] = await this.em
      .getConnection()
      .execute(
        `select contact_list_id as id, count(*)::int as n from contact_list_items where company_id = ? and contact_list_id in (${ids.map(() => '?').join(', ')}) group by contact_list_id`,
        [companyId, ...ids],
      );
    return new Map(rows.map((r) => [r.id, r.n]));
  }
}

const duplicated = (c: SheetContact): ContactImportError => ({ row: c.row, name: c.name, number: c.number, errors: [{ path: 'number', message: 'duplicated' }] });
