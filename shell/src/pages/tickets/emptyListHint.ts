/** Which filter may hide tickets from an empty list; the key of its text under tickets.emptyHint (issue 36 item 3). */
export type EmptyListHint = 'ownQueuesOnly' | 'queueFilter' | 'tagFilter' | 'noQueues' | 'agentQueues';

/**
 * The first filter that can explain an empty list, most specific first: what the user picked (queues, tags),
 * then the admin's "All" switch turned off, then the agent's queue membership (decided by the server).
 */
export function emptyListHint(p: { isAdmin: boolean; showAll: boolean; queueFilter: boolean; tagFilter: boolean; ownQueues: number }): EmptyListHint | null {
  if (p.queueFilter) return 'queueFilter';
  if (p.tagFilter) return 'tagFilter';
  if (p.isAdmin) return p.showAll ? null : 'ownQueuesOnly';
  return p.ownQueues ? 'agentQueues' : 'noQueues';
}
