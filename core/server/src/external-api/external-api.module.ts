import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module.js';
import { MediaModule } from '../media/media.module.js';
import { ApiTokens } from './api-token.js';
import { ExternalApiController } from './external-api.controller.js';
import { ExternalApiService } from './external-api.service.js';
import { IdempotencyKeys } from './idempotency.js';
import { ApiTokenGuard } from './api-token.guard.js';

/**
 * The external message API (issue 34 item 1): a kernel feature, because its credential is a field of
 * the connection and its caller is not a user (see README, External API).
 */
@Module({
  imports: [MessagesModule, MediaModule],
  providers: [ApiTokens, ExternalApiService, IdempotencyKeys, ApiTokenGuard],
  controllers: [ExternalApiController],
})
export class ExternalApiModule {}
