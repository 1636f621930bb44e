import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { AppError, CHANNEL_INBOXES, Public, type ChannelInboxes } from '@atende/sdk-server';
import { NumberStore } from '../numbers/number-store.js';
import { validSignature } from './signature.js';
import { webhookItems } from './webhook-items.js';

interface RawRequest {
  rawBody?: Buffer;
  body?: unknown;
  headers: Record<string, string | string[] | undefined>;
}
interface TextResponse {
  type(t: string): unknown;
}
const header = (req: RawRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};
const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
const KEY = /^[A-Za-z0-9_-]{20,64}$/;

/**
 * /api/cloud-api/webhook/:key — what Meta calls for one number (public: the verify token and the
 * signature are the auth; the key in the path names the number and is not guessable).
 */
@Controller('cloud-api/webhook')
export class WebhookController {
  constructor(
    private readonly store: NumberStore,
    @Inject(CHANNEL_INBOXES) private readonly inboxes: ChannelInboxes,
  ) {}

  /** Meta's subscription check: answers `hub.challenge` as plain text when the verify token is the number's. */
  @Get(':key')
  @Public()
  async verify(@Param('key') key: string, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: TextResponse): Promise<string> {
    const number = KEY.test(key) ? await this.store.byWebhookKey(key) : undefined;
    if (!number) throw AppError.notFound();
    const token = typeof query['hub.verify_token'] === 'string' ? query['hub.verify_token'] : '';
    const challenge = typeof query['hub.challenge'] === 'string' ? query['hub.challenge'] : '';
    if (query['hub.mode'] !== 'subscribe' || !challenge || !sameText(token, number.verify_token)) throw AppError.forbidden('Wrong verify token.');
    res.type('text/plain');
    return challenge;
  }

  /**
   * A signed notification. Its messages and statuses are kept in the connection's durable inbox
   * (deduplicated by wamid) before answering 200: the session handles them in the process that runs
   * it; an error here answers 500 and Meta sends the notification again.
   */
  @Post(':key')
  @Public()
  @HttpCode(200)
  async receive(@Param('key') key: string, @Req() req: RawRequest): Promise<{ received: number }> {
    const number = KEY.test(key) ? await this.store.byWebhookKey(key) : undefined;
    if (!number) throw AppError.notFound();
    const { appSecret } = await this.store.open(number);
    if (!validSignature(req.rawBody, header(req, 'x-hub-signature-256'), appSecret)) {
      throw new AppError('ERR_CLOUD_API_BAD_SIGNATURE', 401, 'X-Hub-Signature-256 does not match the body.');
    }
    const items = webhookItems(req.body, number.phone_number_id);
    if (items.length) await this.inboxes.of(number.whatsapp_id).keep(items);
    return { received: items.length };
  }
}
