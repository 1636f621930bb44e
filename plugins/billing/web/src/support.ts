/** The wa.me link of a support number as the super user typed it ("+51 999 111 222"), or null without digits. */
export function whatsappLink(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? `https://wa.me/${digits}` : null;
}

/** What the payment steps lack for a company to pay and send its receipt (the super user is told). */
export function missingPaymentSettings(v: { qr?: string; key?: string; support?: string }): ('qr' | 'support')[] {
  const out: ('qr' | 'support')[] = [];
  if (!v.qr?.trim() && !v.key?.trim()) out.push('qr');
  if (!whatsappLink(v.support)) out.push('support');
  return out;
}
