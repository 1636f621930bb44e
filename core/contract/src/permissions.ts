import type { Profile } from './auth.js';

/**
 * One table of who may do what (core-operations §6, commercial-admin §6). The server's guards and the
 * shell's menus both read it, so the UI hides exactly what the server refuses. Later issues extend it.
 */
export const PERMISSIONS = {
  'settings:view': ['admin', 'super'],
  'settings:super-tabs': ['super'],
  'drawer:admin-items': ['admin', 'super'],
  'app:version': ['admin', 'super'],
} as const satisfies Record<string, readonly Profile[]>;

export type Permission = keyof typeof PERMISSIONS;
/** Plugins keep their own table of the same shape in their contract package. */
export type PermissionTable = Readonly<Record<string, readonly Profile[]>>;

export interface PermissionSubject {
  profile: Profile;
  super: boolean;
}

/** The super flag grants the super profile's rights whatever profile the row carries. */
export function can(
  subject: PermissionSubject | null | undefined,
  permission: string,
  table: PermissionTable = PERMISSIONS,
): boolean {
  if (!subject) return false;
  const allowed = table[permission];
  if (!allowed) return false;
  if (subject.super && allowed.includes('super')) return true;
  return allowed.includes(subject.profile);
}

export const ALL_PROFILES: readonly Profile[] = ['user', 'supervisor', 'admin', 'super'];
