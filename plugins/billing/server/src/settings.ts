import { z } from 'zod';
import { BILLING_SETTING_KEYS as K } from '@atende/plugin-billing-contract';

/** Platform-wide (super user) settings: the payment data the checkout shows, and the webhook secret. */
export const SETTING_QR = K.qr;
export const SETTING_KEY = K.key;
export const SETTING_INSTRUCTIONS = K.instructions;
export const SETTING_SUPPORT = K.support;
/** HMAC key of the signed payment webhook; empty (the default) turns the webhook off. */
export const SETTING_WEBHOOK_SECRET = K.webhookSecret;

const DEFAULT_INSTRUCTIONS = [
  'Escanea el código QR con tu aplicación de pagos.',
  'Envía el comprobante de pago y el correo de tu cuenta a nuestro WhatsApp de soporte.',
  'Tu pago pasará a revisión y tendrás 2 días adicionales de uso mientras lo confirmamos.',
].join('\n');

export const BILLING_SETTINGS = {
  global: {
    [SETTING_QR]: { schema: z.string().trim().max(2000).refine((s) => s === '' || /^(https:\/\/|\/)/.test(s), 'url_required'), default: '' },
    [SETTING_KEY]: { schema: z.string().trim().max(200), default: '' },
    [SETTING_INSTRUCTIONS]: { schema: z.string().trim().max(2000), default: DEFAULT_INSTRUCTIONS },
    [SETTING_SUPPORT]: { schema: z.string().trim().max(30), default: '' },
    [SETTING_WEBHOOK_SECRET]: { schema: z.string().refine((s) => s === '' || s.length >= 32, 'too_short').pipe(z.string().max(500)), default: '', secret: true },
  },
};
