/**
 * Who of a company is connected right now (issue 32: a dashboard's "online now"). The kernel knows
 * every open socket on every server process; this port answers from them, so a user whose browser
 * closed is offline at once and a crashed process leaves no one "online" forever. A change is told by
 * the `user.presence` domain event (first socket of a user opened / last one closed). Inject by the
 * `PRESENCE` token.
 */
export const PRESENCE = Symbol.for('atende:presence');

/** The PRESENCE port. */
export interface Presence {
  /**
   * The ids of the company's users with at least one socket connected now, ascending; with `userIds`,
   * only those among them (other companies' users are never answered).
   */
  online(companyId: number, userIds?: number[]): Promise<number[]>;
}
