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
