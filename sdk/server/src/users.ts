import type { Profile } from '@atende/core-contract';

/**
 * The kernel's users as a plugin reads them (issue 29 item 4). Inject by the `USERS` token.
 * Read-only: users are created and edited in the kernel.
 */
export const USERS = Symbol.for('atende:users');

/** A user as `USERS` answers it (never its password or tokens). */
export interface UserSummary {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: Profile;
  /** A platform super user. */
  super: boolean;
  enabled: boolean;
}

/** The `USERS` port. */
export interface Users {
  /** The company's users among `userIds`, by name (other companies' ids are simply absent). */
  list(companyId: number, userIds: number[]): Promise<UserSummary[]>;
  /**
   * One user of any company (null when none): for platform actions a super user takes (a coin
   * adjustment names a user). A tenant-facing route uses `list` with its own company instead.
   */
  get(userId: number): Promise<UserSummary | null>;
  /** One user of any company by e-mail (case-insensitive; e-mails are unique platform-wide). */
  byEmail(email: string): Promise<UserSummary | null>;
}
