import type { Profile } from './auth.js';

/**
 * One table of who may do what (core-operations §6, commercial-admin §6). The server's guards and the
 * shell's menus both read it, so the UI hides exactly what the server refuses. Later issues extend it.
 */
export const PERMISSIONS = {
  // Drawer and layout
  'drawer:admin-items': ['admin', 'super'],
  'app:version': ['admin', 'super'],
  'app:due-date': ['admin', 'super'],
  'dashboard:view': ['admin', 'super'],
  // Settings: company options for admins, platform tabs (companies, plans, credits, helps) for the super user
  'settings:view': ['admin', 'super'],
  'settings:write': ['admin', 'super'],
  'settings:super-tabs': ['super'],
  'settings:global': ['super'],
  // Platform administration
  'companies:manage': ['super'],
  'plans:manage': ['super'],
  'announcements:manage': ['super'],
  // Users: admins manage; everybody may list names (transfer modal)
  'users:manage': ['admin', 'super'],
  'users:list-names': ['user', 'supervisor', 'admin', 'super'],
  'user-modal:editProfile': ['admin', 'super'],
  'user-modal:editQueues': ['admin', 'super'],
  // Queues: everybody reads (their own), admins write
  'queues:read': ['user', 'supervisor', 'admin', 'super'],
  'queues:write': ['admin', 'super'],
  // Tickets, contacts, connections (enforced by the channel and workspace issues)
  'tickets-manager:showall': ['admin', 'super'],
  'ticket-options:deleteTicket': ['admin', 'super'],
  'contacts-page:deleteContact': ['admin', 'super'],
  // Importing a connection's whole phone book (POST /contacts/import) is a connection-level action: admins only.
  'contacts-page:importContacts': ['admin', 'super'],
  // The whole customer list in one file is a company asset: exporting it is for admins (issue 9 item 15).
  'contacts-page:exportContacts': ['admin', 'super'],
  'connections-page:actionButtons': ['admin', 'super'],
  'connections-page:addConnection': ['admin', 'super'],
  'connections-page:editOrDeleteConnection': ['admin', 'super'],
  'tags:kanban-toggle': ['admin', 'supervisor', 'super'],
  // The agents' workspace: tickets, contacts, tags and quick messages are every signed-in user's pages
  'workspace:use': ['user', 'supervisor', 'admin', 'super'],
  'connections-page:view': ['admin', 'super'],
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
