/**
 * The company's queues as a plugin reads them (issue 31: an AI prompt names the queue it answers and
 * hands over to). Read-only; queues are edited in the kernel. Inject by the `QUEUES` token.
 */
export const QUEUES = Symbol.for('atende:queues');

/** A queue as `QUEUES` answers it. */
export interface QueueSummary {
  id: number;
  name: string;
  color: string;
}

/** The `QUEUES` port. */
export interface Queues {
  /** The company's queues among `queueIds` (all of them when omitted), by name; other companies' ids are simply absent. */
  list(companyId: number, queueIds?: number[]): Promise<QueueSummary[]>;
}
