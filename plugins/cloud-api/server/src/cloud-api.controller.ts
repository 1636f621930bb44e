import { Controller, Get, Post } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { CurrentUser, RequirePermission, ZodBody, type AuthUser } from '@atende/sdk-server';
import { itemInputSchema, type Item, type ItemInput } from '@atende/plugin-cloud-api-contract';
import { CloudApiItemSchema, type CloudApiItem } from './item.entity.js';

const toDto = (i: CloudApiItem): Item => ({ id: i.id, title: i.title, createdAt: i.createdAt.toISOString() });

/** Served under /api/cloud-api. The kernel checks sign-in, the plan flag (if any) and these permissions. */
@Controller('cloud-api')
export class CloudApiController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  @RequirePermission('cloud-api:read')
  async list(@CurrentUser() user: AuthUser): Promise<Item[]> {
    const rows = await this.em.find(CloudApiItemSchema, { companyId: user.companyId }, { orderBy: { id: 'desc' }, limit: 100 });
    return rows.map(toDto);
  }

  @Post()
  @RequirePermission('cloud-api:write')
  async create(@CurrentUser() user: AuthUser, @ZodBody(itemInputSchema) body: ItemInput): Promise<Item> {
    const row = this.em.create(CloudApiItemSchema, { companyId: user.companyId, title: body.title });
    await this.em.flush();
    return toDto(row);
  }
}
