import { Module } from '@nestjs/common';
import { InboundModule } from '../inbound/inbound.module.js';
import { QueuesService } from './queues.service.js';
import { QueuesController } from './queues.controller.js';
import { QueueOptionsController } from './queue-options.controller.js';

/** Queues with their schedules and bindings, and the options tree's options. */
@Module({ imports: [InboundModule], providers: [QueuesService], controllers: [QueuesController, QueueOptionsController] })
export class QueuesModule {}
