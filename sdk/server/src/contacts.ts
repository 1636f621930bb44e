/**
 * Contacts and connections as a plugin reads them (issue 11 item 3), each scoped to `companyId`.
 * Inject by the `CONTACTS` and `CONNECTIONS` tokens.
 */
export const CONTACTS = Symbol.for('atende:contacts');
/** Injection token of the Connections port. */
export const CONNECTIONS = Symbol.for('atende:connections');

/** A contact as the CONTACTS port answers it. */
export interface ContactSummary {
  id: number;
  name: string;
  /** Phone number in digits, or a group id. */
  number: string;
  email: string;
  isGroup: boolean;
  extraInfo: { name: string; value: string }[];
}

/** The CONTACTS port: get, find by number, upsert and list by tag, always within one company. */
export interface Contacts {
  get(companyId: number, contactId: number): Promise<ContactSummary | null>;
  byNumber(companyId: number, number: string): Promise<ContactSummary | null>;
  /**
   * Finds the contact by number or creates it; `name`, `email` and `extraInfo` (merged by field name)
   * are updated when given. Tells `contact.upserted`.
   */
  upsert(companyId: number, contact: { number: string; name?: string; email?: string; extraInfo?: { name: string; value: string }[] }): Promise<ContactSummary>;
  /** Contacts with a ticket carrying the tag (tags are put on tickets), up to `limit` (default 500) after `afterId`. */
  byTag(companyId: number, tagId: number, page?: { afterId?: number; limit?: number }): Promise<ContactSummary[]>;
  /** Several of the company's contacts by id (other companies' ids are simply absent). */
  many(companyId: number, contactIds: number[]): Promise<ContactSummary[]>;
  /**
   * Ids of the company's contacts whose name or number contains `text` (case-insensitive; %, _ and \
   * taken literally), for a plugin that searches its own rows by contact. At most `limit` ids (default
   * and maximum 2,000, newest contacts first): a one-letter search must not paste a company's whole
   * contact list into the plugin's next query.
   */
  matching(companyId: number, text: string, limit?: number): Promise<number[]>;
}

/** A WhatsApp connection as the CONNECTIONS port answers it (id, name, provider, status, default). */
export interface ConnectionSummary {
  id: number;
  name: string;
  provider: string;
  status: string;
  isDefault: boolean;
}

/**
 * The CONNECTIONS port: a company's WhatsApp connections. A connection has one name everywhere in the
 * SDK, the events and the HTTP API: `whatsappId` (the specification's field), never `connectionId`.
 */
export interface Connections {
  list(companyId: number): Promise<ConnectionSummary[]>;
  get(companyId: number, whatsappId: number): Promise<ConnectionSummary | null>;
}
