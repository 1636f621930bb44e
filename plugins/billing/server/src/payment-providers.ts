import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AppError, PLUGIN_CONTEXT, type PluginContext } from '@atende/sdk-server';
import { InvoicesService, type Settlement, type WebhookPayment } from './invoices.service.js';
import { SETTING_WEBHOOK_SECRET } from './settings.js';

/** What a payment provider proves: this invoice is paid, with this reference. */
export interface PaymentConfirmation {
  invoiceId: number;
  settlement: Settlement;
  /** A gateway's event, amount and currency: settle records and checks them with the invoice locked. */
  payment?: WebhookPayment;
}

/**
 * The payment step behind one interface: a provider turns its own input (a reviewer's decision, a
 * gateway's signed notification) into a confirmation, and InvoicesService.settle does the rest the same
 * way for all. A real gateway (PIX, Yape, Mercado Pago) is one more implementation.
 */
export interface PaymentProvider<Input> {
  readonly id: Settlement['source'];
  confirm(input: Input): Promise<PaymentConfirmation>;
}

/** First implementation: the super user looks at the receipt sent by WhatsApp and approves. */
@Injectable()
export class ManualReviewProvider implements PaymentProvider<{ invoiceId: number; reviewerId: number }> {
  readonly id = 'manual' as const;
  constructor(private readonly invoices: InvoicesService, private readonly em: EntityManager) {}

  async confirm(input: { invoiceId: number; reviewerId: number }): Promise<PaymentConfirmation> {
    const inv = await this.invoices.get(this.em.fork(), input.invoiceId);
    if (!inv) throw AppError.notFound('ERR_INVOICE_NOT_FOUND', 'Factura no encontrada');
    if (inv.status === 'open') throw new AppError('ERR_INVOICE_NOT_IN_REVIEW', 400, 'La factura no está en revisión');
    return { invoiceId: inv.id, settlement: { source: 'manual', reference: `manual:${input.reviewerId}:${inv.id}` } };
  }
}

export const SIGNATURE_HEADER = 'x-billing-signature';
export const TIMESTAMP_HEADER = 'x-billing-timestamp';
/** A notification older or newer than this (seconds) is refused: a captured one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_S = 300;

export interface WebhookInput {
  rawBody: Buffer | undefined;
  signature: string | undefined;
  timestamp: string | undefined;
  now?: number;
}

/** The signature a sender computes: hex HMAC-SHA256 of `<timestamp>.<raw body>` with the shared secret. */
export function signWebhook(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')}`;
}

/**
 * Second implementation: a gateway's signed notification `{ eventId, invoiceId, status: 'paid', amount,
 * currency, reference }`. Checked here: a secret is configured (503 otherwise), the timestamp is within
 * WEBHOOK_TOLERANCE_S, the HMAC over the raw body matches (constant-time), the fields are well formed.
 * Then InvoicesService.settle, with the invoice locked: the event id was never seen (recorded in the
 * same transaction that pays, so a failed settle leaves the gateway's retry free to pay), the currency
 * is PEN and the amount covers the invoice as it is now.
 */
@Injectable()
export class SignedWebhookProvider implements PaymentProvider<WebhookInput> {
  readonly id = 'webhook' as const;
  constructor(@Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext) {}

  async confirm(input: WebhookInput): Promise<PaymentConfirmation> {
    const secret = await this.plugin.settings.global(SETTING_WEBHOOK_SECRET);
    if (!secret) throw new AppError('ERR_WEBHOOK_DISABLED', 503, 'Payment webhook not configured');
    const bad = (why: string) => new AppError('ERR_INVALID_SIGNATURE', 401, why);
    if (!input.rawBody || !input.signature || !input.timestamp || !/^\d{1,12}$/.test(input.timestamp)) throw bad('missing signature');
    const now = Math.floor((input.now ?? Date.now()) / 1000);
    if (Math.abs(now - Number(input.timestamp)) > WEBHOOK_TOLERANCE_S) throw bad('stale timestamp');
    const expected = Buffer.from(signWebhook(secret, input.timestamp, input.rawBody));
    const given = Buffer.from(input.signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw bad('bad signature');
    let body: { eventId?: unknown; invoiceId?: unknown; status?: unknown; amount?: unknown; currency?: unknown; reference?: unknown };
    try {
      body = JSON.parse(input.rawBody.toString('utf8'));
    } catch {
      throw AppError.validation([{ path: 'body', message: 'invalid_json' }]);
    }
    const eventId = typeof body.eventId === 'string' && /^[\w.:-]{1,120}$/.test(body.eventId) ? body.eventId : null;
    const invoiceId = Number.isInteger(body.invoiceId) && (body.invoiceId as number) > 0 ? (body.invoiceId as number) : null;
    if (!eventId || !invoiceId || body.status !== 'paid' || typeof body.amount !== 'number') {
      throw AppError.validation([{ path: 'body', message: 'eventId, invoiceId, status "paid" and amount required' }]);
    }
    if (typeof body.currency !== 'string') throw AppError.validation([{ path: 'currency', message: 'required' }]);
    const ref = typeof body.reference === 'string' ? body.reference.slice(0, 100) : eventId;
    return { invoiceId, settlement: { source: 'webhook', reference: `webhook:${ref}` }, payment: { eventId, amount: body.amount, currency: body.currency } };
  }
}
