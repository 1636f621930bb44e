import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { OutboundService } from './outbound.service.js';

/**
 * Every message the company sends goes through here (the connection's rate-limited queue). Its own
 * module because tickets, connections and messages all send, and messages' HTTP API needs tickets.
 */
@Module({ imports: [MediaModule], providers: [OutboundService], exports: [OutboundService] })
export class OutboundModule {}
