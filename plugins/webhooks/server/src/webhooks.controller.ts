import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import {
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookSubscriptionInputSchema,
  webhookSubscriptionSchema,
  webhookSubscriptionUpdateSchema,
  type WebhookSubscriptionUpdate,
} from '@atende/plugin-webhooks-contract';
import { WebhooksService } from './webhooks.service.js';

const id = z.coerce.number().int().positive();
const empty = z.object({}).strict().default({});

/** Served under /api/webhooks (admins; the kernel applies the plan flag useExternalApi). */
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get('subscriptions')
  @RequirePermission('webhooks:manage')
  @ZodResponse(webhookSubscriptionSchema.array())
  list(@CurrentUser() user: AuthUser) {
    return this.webhooks.list(user.companyId);
  }

  @Post('subscriptions')
  @RequirePermission('webhooks:manage')
  @ZodResponse(webhookSubscriptionSchema)
  create(@CurrentUser() user: AuthUser, @ZodBody(webhookSubscriptionInputSchema) body: z.infer<typeof webhookSubscriptionInputSchema>) {
    return this.webhooks.create(user.companyId, body);
  }

  @Put('subscriptions/:id')
  @RequirePermission('webhooks:manage')
  @ZodResponse(webhookSubscriptionSchema)
  update(@CurrentUser() user: AuthUser, @ZodParam('id', id) subId: number, @ZodBody(webhookSubscriptionUpdateSchema) body: WebhookSubscriptionUpdate) {
    return this.webhooks.update(user.companyId, subId, body);
  }

  @Delete('subscriptions/:id')
  @HttpCode(204)
  @RequirePermission('webhooks:manage')
  remove(@CurrentUser() user: AuthUser, @ZodParam('id', id) subId: number) {
    return this.webhooks.remove(user.companyId, subId);
  }

  @Post('subscriptions/:id/secret')
  @HttpCode(200)
  @RequirePermission('webhooks:manage')
  @ZodResponse(webhookSubscriptionSchema)
  rotateSecret(@CurrentUser() user: AuthUser, @ZodParam('id', id) subId: number, @ZodBody(empty) _body: unknown) {
    return this.webhooks.rotateSecret(user.companyId, subId);
  }

  @Get('deliveries')
  @RequirePermission('webhooks:manage')
  @ZodResponse(webhookDeliveryPageSchema)
  deliveries(@CurrentUser() user: AuthUser, @ZodQuery(webhookDeliveryQuerySchema) q: z.infer<typeof webhookDeliveryQuerySchema>) {
    return this.webhooks.deliveries(user.companyId, q);
  }

  @Post('deliveries/:id/redeliver')
  @HttpCode(200)
  @RequirePermission('webhooks:manage')
  @ZodResponse(webhookDeliverySchema)
  redeliver(@CurrentUser() user: AuthUser, @ZodParam('id', id) deliveryId: number, @ZodBody(empty) _body: unknown) {
    return this.webhooks.redeliver(user.companyId, deliveryId);
  }
}
