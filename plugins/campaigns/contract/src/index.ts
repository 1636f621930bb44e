import { definePluginManifest, endpoint, type blobResponse, type formDataBody } from '@atende/core-contract';
import type { campaignRecipientPageSchema, campaignRecipientQuerySchema } from './recipients.js';
import type { z } from 'zod';
import type {
  ContactList,
  ContactListItem,
  contactImportResultSchema,
  contactListInputSchema,
  contactListItemInputSchema,
  contactListItemPageSchema,
  contactListItemQuerySchema,
  contactListItemSchema,
  contactListItemUpdateSchema,
  contactListNameSchema,
  contactListPageSchema,
  contactListQuerySchema,
  contactListSchema,
  contactListUpdateSchema,
} from './contact-lists.js';
import type {
  Campaign,
  CampaignProgress,
  CampaignStatus,
  campaignInputSchema,
  campaignPageSchema,
  campaignQuerySchema,
  campaignSchema,
  campaignSettingsInputSchema,
  campaignSettingRecordsSchema,
  campaignUpdateSchema,
  campaignsSentTodaySchema,
} from './campaigns.js';

export * from './contact-lists.js';
export * from './campaigns.js';
export * from './limits.js';
export * from './wall-time.js';
export * from './settings-records.js';
export * from './recipients.js';

/**
 * Campaigns (automation-productivity §2–§9), on plans with `useCampaigns` and for companies whose
 * `campaignsEnabled` is on (see the plugin's README). Contact lists come first; campaigns, their
 * settings and the report are added to the same plugin later. Admin-only, as the spec's menu.
 */
export const CAMPAIGNS_PERMISSIONS = {
  'campaigns:read': ['admin', 'super'],
  'campaigns:write': ['admin', 'super'],
} as const;

export const CAMPAIGNS_MANIFEST = definePluginManifest({
  pages: {
    /** The campaigns page with its tabs (campaigns, contact lists, campaign settings). */
    main: { path: '/difusiones', permission: 'campaigns:read' },
    contactListItems: { path: '/contact-lists/:contactListId/contacts', permission: 'campaigns:read' },
    report: { path: '/campaign/:campaignId/report', permission: 'campaigns:read' },
  },
  menu: [{ page: 'main', icon: 'notification', permission: 'campaigns:read', label: { es: 'Campañas', pt: 'Campanhas', en: 'Campaigns' } }],
  // The dashboard's "sent today" card.
  zones: ['dashboard.cards'],
});

/**
 * Error codes of this plugin, beside the kernel's ERR_VALIDATION, ERR_INVALID_SPREADSHEET, ERR_MEDIA_* and
 * ERR_NO_PERMISSION (403: the plan lacks useCampaigns, or the company's campaignsEnabled is off — then
 * with `details[0]` `{ path: 'campaignsEnabled', message: 'disabled' }`).
 */
export const CAMPAIGNS_ERRORS = {
  contactListNotFound: 'ERR_NO_CONTACT_LIST_FOUND',
  contactListItemNotFound: 'ERR_NO_CONTACT_LIST_ITEM_FOUND',
  /** The number is already in that list (one item per number per list). */
  duplicatedItem: 'ERR_DUPLICATED_CONTACT',
  campaignNotFound: 'ERR_NO_CAMPAIGN_FOUND',
  /** A tag, connection or list id that is not the company's (400 would tell it exists elsewhere). */
  tagNotFound: 'ERR_NO_TAG_FOUND',
  connectionNotFound: 'ERR_NO_WAPP_FOUND',
  /** §4: the campaign is read-only now (or, CANCELADA, only its messages change). */
  notEditable: 'ERR_CAMPAIGN_NOT_EDITABLE',
  /** Cancel of a campaign not running, restart of one not cancelled. */
  invalidTransition: 'ERR_CAMPAIGN_INVALID_STATUS',
} as const;

/**
 * Live updates to the company's users (automation-productivity §7 "company-scoped events for … contact
 * lists, contact list items"). An upload sends one `reload` for its list instead of one event per row,
 * and `contactListImport` while it runs.
 */
export const CONTACT_LIST_EVENT = 'contactList';
export type ContactListEvent = { action: 'create' | 'update'; record: ContactList } | { action: 'delete'; id: number };
export const CONTACT_LIST_ITEM_EVENT = 'contactListItem';
export type ContactListItemEvent =
  | { action: 'create' | 'update'; record: ContactListItem }
  | { action: 'delete'; id: number; contactListId: number }
  /** Many items changed at once (an upload, the WhatsApp check of a batch): read the list again. */
  | { action: 'reload'; contactListId: number };
/** Progress of an upload: rows handled of the sheet's rows, after each batch; `done` on the last one. */
export const CONTACT_LIST_IMPORT_EVENT = 'contactListImport';
export interface ContactListImportEvent {
  contactListId: number;
  processed: number;
  total: number;
  done: boolean;
}

/** The contact lists API (automation-productivity §7), typed for the web's `call()`; the server's routes are checked against it. */
export const CONTACT_LIST_ENDPOINTS = {
  /** `GET /contact-lists/list`: every list (id, name, count) for a select, by name. */
  names: endpoint<{ response: z.ZodArray<typeof contactListNameSchema> }>()({ method: 'GET', path: '/contact-lists/list' }),
  page: endpoint<{ query: typeof contactListQuerySchema; response: typeof contactListPageSchema }>()({ method: 'GET', path: '/contact-lists' }),
  show: endpoint<{ response: typeof contactListSchema }>()({ method: 'GET', path: '/contact-lists/:id' }),
  create: endpoint<{ body: typeof contactListInputSchema; response: typeof contactListSchema }>()({ method: 'POST', path: '/contact-lists' }),
  update: endpoint<{ body: typeof contactListUpdateSchema; response: typeof contactListSchema }>()({ method: 'PUT', path: '/contact-lists/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/contact-lists/:id' }),
  /** Multipart: `file` (.xls/.xlsx, a header row naming name/number/email columns, then one contact per row). */
  upload: endpoint<{ body: typeof formDataBody; response: typeof contactImportResultSchema }>()({ method: 'POST', path: '/contact-lists/:id/upload' }),
  /** A sample spreadsheet to fill in (.xlsx). */
  sample: endpoint<{ response: typeof blobResponse }>()({ method: 'GET', path: '/contact-lists/sample', blob: true }),
};

export const CONTACT_LIST_ITEM_ENDPOINTS = {
  page: endpoint<{ query: typeof contactListItemQuerySchema; response: typeof contactListItemPageSchema }>()({ method: 'GET', path: '/contact-list-items' }),
  show: endpoint<{ response: typeof contactListItemSchema }>()({ method: 'GET', path: '/contact-list-items/:id' }),
  create: endpoint<{ body: typeof contactListItemInputSchema; response: typeof contactListItemSchema }>()({ method: 'POST', path: '/contact-list-items' }),
  update: endpoint<{ body: typeof contactListItemUpdateSchema; response: typeof contactListItemSchema }>()({ method: 'PUT', path: '/contact-list-items/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/contact-list-items/:id' }),
};

/** A campaign changed (`record` with its progress), or was deleted. */
export const CAMPAIGN_EVENT = 'campaign';
export type CampaignEvent = { action: 'create' | 'update'; record: Campaign } | { action: 'delete'; id: number };
/** Live progress of a running campaign (at most about one a second per campaign, and always the last). */
export const CAMPAIGN_PROGRESS_EVENT = 'campaignProgress';
export interface CampaignProgressEvent {
  campaignId: number;
  status: CampaignStatus;
  progress: CampaignProgress;
  completedAt: string | null;
}

export const CAMPAIGN_ENDPOINTS = {
  page: endpoint<{ query: typeof campaignQuerySchema; response: typeof campaignPageSchema }>()({ method: 'GET', path: '/campaigns' }),
  show: endpoint<{ response: typeof campaignSchema }>()({ method: 'GET', path: '/campaigns/:id' }),
  create: endpoint<{ body: typeof campaignInputSchema; response: typeof campaignSchema }>()({ method: 'POST', path: '/campaigns' }),
  update: endpoint<{ body: typeof campaignUpdateSchema; response: typeof campaignSchema }>()({ method: 'PUT', path: '/campaigns/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/campaigns/:id' }),
  cancel: endpoint<{ response: typeof campaignSchema }>()({ method: 'POST', path: '/campaigns/:id/cancel' }),
  restart: endpoint<{ response: typeof campaignSchema }>()({ method: 'POST', path: '/campaigns/:id/restart' }),
  /** Multipart `file`: an image, video, audio or PDF sent with every message (the text as its caption). */
  mediaUpload: endpoint<{ body: typeof formDataBody; response: typeof campaignSchema }>()({ method: 'POST', path: '/campaigns/:id/media-upload' }),
  mediaRemove: endpoint<{ response: typeof campaignSchema }>()({ method: 'DELETE', path: '/campaigns/:id/media-upload' }),
  /** Who got which variant, and what failed and why (issue 38 item 8), paged, optionally one status. */
  recipients: endpoint<{ query: typeof campaignRecipientQuerySchema; response: typeof campaignRecipientPageSchema }>()({ method: 'GET', path: '/campaigns/:id/recipients' }),
  /** The same report, every recipient, as CSV (`?lang=` names the header row). */
  recipientsCsv: endpoint<{ response: typeof blobResponse }>()({ method: 'GET', path: '/campaigns/:id/recipients/export', blob: true }),
};

/** Figures of this plugin for other screens (issue 32): the dashboard's "sent today" card. */
export const CAMPAIGN_STATS_ENDPOINTS = {
  /** Campaign messages the channel accepted today, in the company's time zone. */
  sentToday: endpoint<{ response: typeof campaignsSentTodaySchema }>()({ method: 'GET', path: '/campaigns/stats/sent-today' }),
};

export const CAMPAIGN_SETTINGS_ENDPOINTS = {
  show: endpoint<{ response: typeof campaignSettingRecordsSchema }>()({ method: 'GET', path: '/campaign-settings' }),
  save: endpoint<{ body: typeof campaignSettingsInputSchema; response: typeof campaignSettingRecordsSchema }>()({ method: 'POST', path: '/campaign-settings' }),
};
