import type { Connection } from '@atende/core-contract';

export type ConnectionStatus = Connection['status'];

/** Statuses that put the warning badge on the drawer's connections entry (core-operations §2 "Main layout"). */
export const ATTENTION_STATUSES: readonly ConnectionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

/** The spec evaluates the badge 2 seconds after the connection list changes (§9). */
export const BADGE_DELAY_MS = 2000;

export function needsAttention(connections: readonly Pick<Connection, 'status'>[]): boolean {
  return connections.some((c) => ATTENTION_STATUSES.includes(c.status));
}

/** Session buttons offered for each status (core-operations §4 "Connection status"). */
export type SessionAction = 'tryAgain' | 'newQr' | 'showQr' | 'connecting' | 'showCode' | 'disconnect';

export function sessionActions(status: ConnectionStatus): SessionAction[] {
  switch (status) {
    case 'DISCONNECTED':
      return ['tryAgain', 'newQr'];
    case 'qrcode':
      return ['showQr'];
    case 'OPENING':
      return ['connecting'];
    case 'PAIRING':
      // The pairing code stays visible after its dialog was closed.
      return ['showCode', 'disconnect'];
    case 'CONNECTED':
    case 'TIMEOUT':
      return ['disconnect'];
  }
}

/** A realtime `whatsappSession` update (core/server/src/connections/session-manager.ts). */
export interface SessionUpdate {
  id: number;
  status: ConnectionStatus;
  /** With DISCONNECTED: why the session ended (see connections.reason.* texts). */
  statusReason?: string | null;
  qrcode: string;
  retries: number;
  number: string | null;
  updatedAt: string;
  /** The code to type on the phone while PAIRING (empty otherwise). */
  pairingCode?: string;
}
export type SessionEvent = { action: 'update'; session: SessionUpdate };
export type WhatsappEvent = { action: 'update' | 'create'; whatsapp: Connection } | { action: 'delete'; whatsappId: number };

/** A connection as the screens keep it (the API's row, updated by the live events). */
export type LiveConnection = Connection;

/** Applies one session update to the list (status, QR, retries, number, last update). */
export function applySession(list: LiveConnection[], s: SessionUpdate): LiveConnection[] {
  if (!list.some((c) => c.id === s.id)) return list;
  return list.map((c) =>
    c.id === s.id
      ? {
          ...c,
          status: s.status,
          statusReason: s.statusReason ?? null,
          qrcode: s.qrcode ?? '',
          retries: s.retries ?? c.retries,
          number: s.number ?? c.number,
          updatedAt: s.updatedAt ?? c.updatedAt,
          pairingCode: s.status === 'PAIRING' ? (s.pairingCode ?? c.pairingCode ?? '') : '',
        }
      : c,
  );
}

/** Adds or replaces a connection, keeping the server's order (by name). */
export function upsertConnection(list: LiveConnection[], w: Connection): LiveConnection[] {
  const row: LiveConnection = w;
  const rest = list.filter((c) => c.id !== w.id);
  // A new default replaces the old one on the server; mirror it so two rows never show the flag.
  const cleared = w.isDefault ? rest.map((c) => (c.isDefault ? { ...c, isDefault: false } : c)) : rest;
  return [...cleared, row].sort((a, b) => a.name.localeCompare(b.name));
}
