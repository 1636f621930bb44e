import { Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError, containsPattern } from '@atende/sdk-server';
import {
  CAMPAIGNS_ERRORS,
  CONTACT_ITEMS_PAGE_SIZE,
  type ContactListItem,
  type ContactListItemPage,
  type ContactListItemUpdate,
} from '@atende/plugin-campaigns-contract';
import { ContactListItemSchema, type ContactListItemRow } from './contact-list.entity.js';
import { ContactListsRealtime } from './contact-lists.realtime.js';
import { ContactListsService } from './contact-lists.service.js';
import { NumberCheck } from './number-check.js';

const itemNotFound = () => AppError.notFound(CAMPAIGNS_ERRORS.contactListItemNotFound, 'Contact list item not found.');
const duplicated = () => AppError.conflict(CAMPAIGNS_ERRORS.duplicatedItem, 'This number is already in the list.');

export const itemDto = (r: ContactListItemRow): ContactListItem => ({
  id: r.id,
  name: r.name,
  number: r.number,
  email: r.email,
  isWhatsappValid: r.isWhatsappValid ?? null,
  companyId: r.companyId,
  contactListId: r.contactListId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export interface ItemData {
  name: string;
  number: string;
  email: string;
  contactListId: number;
}

/** Items of the company's lists; a list or item id of another company is "not found". */
@Injectable()
export class ContactListItemsService {
  constructor(
    private readonly em: EntityManager,
    private readonly lists: ContactListsService,
    private readonly live: ContactListsRealtime,
    private readonly check: NumberCheck,
  ) {}

  /** A list's items by name, 50 a page; the search matches the name, or the number when it has digits. */
  async page(companyId: number, contactListId: number, searchParam: string, pageNumber: number): Promise<ContactListItemPage> {
    await this.lists.find(companyId, contactListId);
    const digits = searchParam.replace(/\D/g, '');
    const search = searchParam
      ? { $or: [{ name: { $ilike: containsPattern(searchParam) } }, ...(digits ? [{ number: { $like: containsPattern(digits) } }] : [])] }
      : {};
    const [rows, count] = await this.em.findAndCount(
      ContactListItemSchema,
      { companyId, contactListId, ...search },
      { orderBy: { name: 'asc', id: 'asc' }, limit: CONTACT_ITEMS_PAGE_SIZE, offset: (pageNumber - 1) * CONTACT_ITEMS_PAGE_SIZE },
    );
    return { contacts: rows.map(itemDto), count, hasMore: count > pageNumber * CONTACT_ITEMS_PAGE_SIZE };
  }

  async show(companyId: number, id: number): Promise<ContactListItem> {
    return itemDto(await this.find(companyId, id));
  }

  async create(companyId: number, data: ItemData): Promise<ContactListItem> {
    await this.lists.find(companyId, data.contactListId);
    const row = this.em.create(ContactListItemSchema, { ...data, companyId, isWhatsappValid: null });
    await this.flushUnique();
    const dto = itemDto(row);
    this.live.item(companyId, 'create', dto);
    await this.lists.touched(companyId, data.contactListId);
    this.check.request({ companyId, contactListId: data.contactListId, itemIds: [row.id] });
    return dto;
  }

  /** Partial. A new number is checked on WhatsApp again; a new `contactListId` moves the item (a list of the company). */
  async update(companyId: number, id: number, data: ContactListItemUpdate): Promise<ContactListItem> {
    const row = await this.find(companyId, id);
    const from = row.contactListId;
    if (data.contactListId !== undefined && data.contactListId !== from) await this.lists.find(companyId, data.contactListId);
    const renumbered = data.number !== undefined && data.number !== row.number;
    if (data.name !== undefined) row.name = data.name;
    if (data.email !== undefined) row.email = data.email;
    if (data.number !== undefined) row.number = data.number;
    if (data.contactListId !== undefined) row.contactListId = data.contactListId;
    if (renumbered) row.isWhatsappValid = null;
    await this.flushUnique();
    const dto = itemDto(row);
    this.live.item(companyId, 'update', dto);
    if (from !== row.contactListId) {
      await this.lists.touched(companyId, from);
      await this.lists.touched(companyId, row.contactListId);
    }
    if (renumbered) this.check.request({ companyId, contactListId: row.contactListId, itemIds: [row.id] });
    return dto;
  }

  async remove(companyId: number, id: number): Promise<void> {
    const row = await this.find(companyId, id);
    await this.em.nativeDelete(ContactListItemSchema, { id, companyId });
    this.live.itemRemoved(companyId, id, row.contactListId);
    await this.lists.touched(companyId, row.contactListId);
  }

  private async find(companyId: number, id: number): Promise<ContactListItemRow> {
    const row = await this.em.findOne(ContactListItemSchema, { id, companyId }, { refresh: true });
    if (!row) throw itemNotFound();
    return row;
  }

  /** One item per number per list: the unique index decides (also between two saves at once). */
  private async flushUnique(): Promise<void> {
    try {
      await this.em.flush();
    } catch (err) {
      this.em.clear();
      if (err instanceof UniqueConstraintViolationException) throw duplicated();
      throw err;
    }
  }
}
