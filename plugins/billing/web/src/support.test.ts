import { describe, expect, it } from 'vitest';
import { missingPaymentSettings, whatsappLink } from './support.js';

describe('the payment steps\' support contact (issue 38 item 15)', () => {
  it('links a typed number to its WhatsApp chat, nothing without digits', () => {
    expect(whatsappLink('+51 999 111 222')).toBe('https://wa.me/51999111222');
    expect(whatsappLink('')).toBeNull();
    expect(whatsappLink('soporte')).toBeNull();
    expect(whatsappLink(null)).toBeNull();
  });
  it('names what the super user still has to fill in', () => {
    expect(missingPaymentSettings({ qr: '', key: '', support: '' })).toEqual(['qr', 'support']);
    expect(missingPaymentSettings({ qr: '', key: 'Yape 999', support: '51999111222' })).toEqual([]);
    expect(missingPaymentSettings({ qr: '/qr.png', key: '', support: 'x' })).toEqual(['support']);
  });
});
