import { Module } from '@nestjs/common';
import { OutboundModule } from '../messages/outbound.module.js';
import { InboundChainService } from './inbound-chain.service.js';
import { HandlerBindingsService } from './handler-bindings.service.js';
import { RatingHandler } from './handlers/rating.handler.js';
import { OutOfHoursHandler } from './handlers/out-of-hours.handler.js';
import { OptionsTreeHandler } from './handlers/options-tree.handler.js';
import { QueueBotHandler } from './handlers/queue-bot.handler.js';

/** The inbound handler chain, handler bindings, and the kernel's own handlers on the chain. */
@Module({
  imports: [OutboundModule],
  providers: [InboundChainService, HandlerBindingsService, RatingHandler, OutOfHoursHandler, OptionsTreeHandler, QueueBotHandler],
  exports: [InboundChainService, HandlerBindingsService],
})
export class InboundModule {}
