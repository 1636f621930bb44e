import { Injectable } from '@nestjs/common';
import type { InboundChainContext, InboundHandlerResult } from '@atende/sdk-server';
import { KernelInboundHandler, execIn } from './kernel-handler.js';

/** The hold a resolve with userRating on puts on the closed ticket (see TicketAutomationService.onResolved). */
export const RATING_HOLDER = 'kernel.rating';
export const RATING_THANKS = '¡Gracias por su calificación!';
export const RATING_HOLD_MS = 24 * 60 * 60 * 1000;
export interface RatingState {
  ratingId: number;
}

/**
 * The rating capture (core-operations §4): after a resolve with userRating on, the closed ticket is
 * held by this handler for a day, so the customer's next message comes here. 1–5 is stored as the
 * rating of that ticket (the message stays there) and a thank-you goes out; anything else drops the
 * request and is passed on: the pipeline moves the message to the conversation's active ticket.
 */
@Injectable()
export class RatingHandler extends KernelInboundHandler {
  readonly key = RATING_HOLDER;
  readonly priority = 900;

  /** Only as the holder: it never takes a ticket by itself. */
  appliesTo(): boolean {
    return false;
  }

  async handle(ctx: InboundChainContext): Promise<InboundHandlerResult> {
    const { ratingId } = (ctx.holder?.state ?? {}) as Partial<RatingState>;
    const exec = execIn(ctx);
    await ctx.release();
    if (ctx.ticket.status !== 'closed' || typeof ratingId !== 'number') return 'pass';
    const rate = /^\s*([1-5])\s*$/.exec(ctx.message.body)?.[1];
    if (!rate || ctx.message.fromMe) {
      await exec(`delete from ticket_ratings where id = ? and ticket_id = ? and company_id = ? and rate is null`, [ratingId, ctx.ticket.id, ctx.companyId]);
      return 'pass';
    }
    // The rating of this very ticket only (a hold handed over by someone else cannot name another's).
    const [rated] = await exec(`update ticket_ratings set rate = ?, rated_at = now() where id = ? and ticket_id = ? and company_id = ? and rate is null returning id`, [
      Number(rate),
      ratingId,
      ctx.ticket.id,
      ctx.companyId,
    ]);
    if (!rated) return 'pass';
    ctx.reply(RATING_THANKS);
    return 'handled';
  }
}
