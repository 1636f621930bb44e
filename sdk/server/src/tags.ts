/**
 * The company's tags as a plugin reads them. Tags go on tickets (`Tickets.tag` / `retag`). Inject by
 * the `TAGS` token.
 */
export const TAGS = Symbol.for('atende:tags');

/** A tag as the TAGS port answers it, with its tickets count. */
export interface TagSummary {
  id: number;
  name: string;
  color: string;
  /** 1: a lane of the kanban board (only admins and supervisors set it). */
  kanban: 0 | 1;
  /** Tickets carrying the tag, whatever their status. */
  ticketsCount: number;
}

/** A tag a plugin creates: as `POST /api/tags` takes it (tagInputSchema: name 3–60 characters, unique in the company; color; kanban flag). */
export interface TagInput {
  name: string;
  /** Default `#A4CCCC`. */
  color?: string;
  /** Default 0. */
  kanban?: 0 | 1;
}

/** The TAGS port: a company's tags. */
export interface Tags {
  /** By name; `kanban` keeps only tags with (true) or without (false) the flag; `ids` only those (others' ids are simply absent). */
  list(companyId: number, query?: { kanban?: boolean; ids?: number[] }): Promise<TagSummary[]>;
  /**
   * Creates the tag in the company and tells the company's sessions (realtime `tag` create). A name
   * the company already has is refused (409 ERR_VALIDATION, path `name`, like `POST /api/tags`); an invalid one: 400 ERR_VALIDATION.
   */
  create(companyId: number, tag: TagInput): Promise<TagSummary>;
  /**
   * The company's tag with exactly this name, created with `color`/`kanban` when missing.
   * Safe under concurrency: two callers ensuring one name get the same tag.
   */
  ensure(companyId: number, tag: TagInput): Promise<TagSummary>;
}
