import { can } from '@atende/core-contract';
import type { AuthUser } from '@atende/sdk-server';

/**
 * A QR code or pairing code links a phone number to the company: whoever reads one can attach
 * their own WhatsApp to it. Only users who may run connection sessions see them (issue 9 item 9);
 * everyone else gets the connection and its status with the codes blanked.
 */
export const LINK_PERMISSION = 'connections-page:actionButtons';

export const mayLink = (user: Pick<AuthUser, 'profile' | 'super'>): boolean => can(user, LINK_PERMISSION);

export function withoutCodes<T extends { qrcode: string; pairingCode?: string }>(value: T): T {
  return { ...value, qrcode: '', ...(value.pairingCode !== undefined ? { pairingCode: '' } : {}) };
}
