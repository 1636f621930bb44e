import type { PermissionTable, Profile } from '@atende/core-contract';
import type { AuthUser } from '@atende/sdk-server';

/** The room of a company's users of one profile (`company-<id>-profile-<profile>`). */
export const profileRoom = (companyId: number, profile: Profile) => `company-${companyId}-profile-${profile}`;

/**
 * The profile rooms a user's socket joins: its profile's and, for the super flag, the `super` one.
 * Together with permissionRooms this is `can()` exactly: the super flag grants what `super` may do.
 */
export function profileRooms(user: AuthUser): string[] {
  const rooms = [profileRoom(user.companyId, user.profile)];
  if (user.super && user.profile !== 'super') rooms.push(profileRoom(user.companyId, 'super'));
  return rooms;
}

/** The rooms of a company's users who hold `permission`; an unknown name is a programming error, as on a route. */
export function permissionRooms(companyId: number, permission: string, table: PermissionTable): string[] {
  const allowed = table[permission];
  if (!allowed) throw new Error(`Unknown permission "${permission}" in a realtime audience.`);
  return allowed.map((profile) => profileRoom(companyId, profile));
}
