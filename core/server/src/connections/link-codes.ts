import { can } from '@atende/core-contract';
import type { AuthUser } from '@atende/sdk-server';

/**
 * A QR code or pairing code links a phone number to the company: whoever reads one can attach
 * their own WhatsApp to it. Only users who may run connection sessions see them (issue 9 item 9);
 * everyone else gets the connection and its status with the codes (and the external API token) blanked.
 */
export const LINK_PERMISSION = 'connections-page:actionButtons';

export const mayLink = (user: Pick<AuthUser, 'profile' | 'super'>): boolean => can(user, LINK_PERMISSION);

export function withoutCodes<T extends { qrcode: string; pairingCode?: string; token?: string }>(value: T): T {
  // The external API token (issue 34) sends as the company through the connection: same audience as the codes.
  return { ...value, qrcode: '', ...(value.pairingCode !== undefined ? { pairingCode: '' } : {}), ...(value.token !== undefined ? { token: '' } : {}) };
}
