// Limits of contact lists and uploads, apart from the schemas: the web remote imports these values
// without bundling zod.

export const CONTACT_LIST_NAME_MAX = 255;
export const CONTACT_ITEM_NAME_MAX = 100;
/** A WhatsApp number: country code and number, digits only (E.164 allows at most 15). */
export const CONTACT_ITEM_NUMBER_MIN = 8;
export const CONTACT_ITEM_NUMBER_MAX = 15;
export const CONTACT_LISTS_PAGE_SIZE = 50;
export const CONTACT_ITEMS_PAGE_SIZE = 50;
/** The select form (`GET /contact-lists/list`) answers at most this many lists. */
export const CONTACT_LISTS_SELECT_LIMIT = 1000;
/** An upload: at most this many rows after the header, and this many bytes. */
export const CONTACT_IMPORT_MAX_ROWS = 10_000;
export const CONTACT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field of `POST /contact-lists/{id}/upload`. */
export const CONTACT_IMPORT_FIELD = 'file';
/** What an upload may be (automation-productivity §5: ".xls and .xlsx"). */
export const CONTACT_IMPORT_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'] as const;
export const CONTACT_IMPORT_EXTENSIONS = ['.xlsx', '.xls'] as const;

// Campaigns (automation-productivity §4, §5, §9).
export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export const CAMPAIGN_NAME_MIN = 2;
export const CAMPAIGN_NAME_MAX = 50;
export const CAMPAIGN_MESSAGE_MAX = 4096;
export const CAMPAIGN_MAX_CONTACTS = 10_000;
export const CAMPAIGNS_PAGE_SIZE = 50;
/** A PROGRAMADA campaign is editable while its time is more than this far away (§4). */
export const CAMPAIGN_EDIT_MARGIN_MS = 60 * 60 * 1000;
export const CAMPAIGN_INTERVAL_MAX = 120;
export const CAMPAIGN_LONGER_AFTER_MAX = 10_000;
export const CAMPAIGN_VARIABLES_MAX = 100;
/** §9 defaults. */
export const CAMPAIGN_SETTINGS_DEFAULTS = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] as { key: string; value: string }[] };
/** The screen's options (§9); longer-after and greater also allow 1. */
export const CAMPAIGN_INTERVAL_OPTIONS = [0, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const CAMPAIGN_LONGER_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
/** The report reloads this long after FINALIZADA (§9). */
export const CAMPAIGN_REPORT_RELOAD_MS = 5000;
/** Campaign media: an image, video, audio or PDF. */
export const CAMPAIGN_MEDIA_TYPES = ['image/png', 'image/jpeg', 'video/mp4', 'audio/ogg', 'audio/mpeg', 'application/pdf'] as const;
export const CAMPAIGN_MEDIA_MAX_BYTES = 20 * 1024 * 1024;
