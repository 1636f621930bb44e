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

/** The TAGS port: a company's tags. */
export interface Tags {
  /** By name; `kanban` keeps only tags with (true) or without (false) the flag; `ids` only those (others' ids are simply absent). */
  list(companyId: number, query?: { kanban?: boolean; ids?: number[] }): Promise<TagSummary[]>;
}
