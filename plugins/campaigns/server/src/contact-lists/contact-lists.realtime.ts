import { Inject, Injectable } from '@nestjs/common';
import { REALTIME, type RealtimeAudience, type RealtimePublisher } from '@atende/sdk-server';
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

/**
 * Lists hold customers' names, numbers and e-mails: only who may open them (campaigns:read, admins)
 * hears them, and only while the plan has useCampaigns (applied by the kernel).
 */
export const CONTACT_LISTS_AUDIENCE: RealtimeAudience = { permission: 'campaigns:read' };

/** Live updates to the company's users who may read contact lists. */
@Injectable()
export class ContactListsRealtime {
  constructor(@Inject(REALTIME) private readonly realtime: RealtimePublisher) {}

  list(companyId: number, action: 'create' | 'update', record: ContactList): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_EVENT, { action, record } satisfies ContactListEvent, CONTACT_LISTS_AUDIENCE);
  }

  listRemoved(companyId: number, id: number): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_EVENT, { action: 'delete', id } satisfies ContactListEvent, CONTACT_LISTS_AUDIENCE);
  }

  item(companyId: number, action: 'create' | 'update', record: ContactListItem): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_ITEM_EVENT, { action, record } satisfies ContactListItemEvent, CONTACT_LISTS_AUDIENCE);
  }

  itemRemoved(companyId: number, id: number, contactListId: number): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_ITEM_EVENT, { action: 'delete', id, contactListId } satisfies ContactListItemEvent, CONTACT_LISTS_AUDIENCE);
  }

  /** Many items of one list changed at once: one event, not one per row. */
  reload(companyId: number, contactListId: number): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_ITEM_EVENT, { action: 'reload', contactListId } satisfies ContactListItemEvent, CONTACT_LISTS_AUDIENCE);
  }

  progress(companyId: number, event: ContactListImportEvent): void {
    this.realtime.toCompany(companyId, CONTACT_LIST_IMPORT_EVENT, event, CONTACT_LISTS_AUDIENCE);
  }
}
