import { Inject, Injectable } from '@nestjs/common';
import { REALTIME, type RealtimePublisher } from '@atende/sdk-server';
import {
  CONTACT_LIST_EVENT,
  CONTACT_LIST_IMPORT_EVENT,
  CONTACT_LIST_ITEM_EVENT,
  type ContactList,
  type ContactListEvent,
  type ContactListImportEvent,
  type ContactListItem,
  type ContactListItemEvent,
} from '@atende/plugin-campaigns-contract';

/** Live updates to the company's users only (lists are company data). */
@Injectable()
export class ContactListsRealtime {
  constructor(@Inject(REALTIME) private readonly realtime: RealtimePublisher) {}

  list(companyId: number, action: 'create' | 'update', record: ContactList): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_EVENT, { action, record } satisfies ContactListEvent);
  }

  listRemoved(companyId: number, id: number): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_EVENT, { action: 'delete', id } satisfies ContactListEvent);
  }

  item(companyId: number, action: 'create' | 'update', record: ContactListItem): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_ITEM_EVENT, { action, record } satisfies ContactListItemEvent);
  }

  itemRemoved(companyId: number, id: number, contactListId: number): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_ITEM_EVENT, { action: 'delete', id, contactListId } satisfies ContactListItemEvent);
  }

  /** Many items of one list changed at once: one event, not one per row. */
  reload(companyId: number, contactListId: number): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_ITEM_EVENT, { action: 'reload', contactListId } satisfies ContactListItemEvent);
  }

  progress(companyId: number, event: ContactListImportEvent): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_IMPORT_EVENT, event);
  }
}
