import { Controller, Get, Post } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { CurrentUser, RequirePermission, ZodBody, type AuthUser } from '@atende/sdk-server';
import { itemInputSchema, type Item, type ItemInput } from '@atende/plugin-ai-contract';
import { AiItemSchema, type AiItem } from './item.entity.js';

const toDto = (i: AiItem): Item => ({ id: i.id, title: i.title, createdAt: i.createdAt.toISOString() });

/** Served under /api/ai. The kernel checks sign-in, the plan flag (if any) and these permissions. */
@Controller('ai')
export class AiController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  @RequirePermission('ai:read')
  async list(@CurrentUser() user: AuthUser): Promise<Item[]> {
    const rows = await this.em.find(AiItemSchema, { companyId: user.companyId }, { orderBy: { id: 'desc' }, limit: 100 });
    return rows.map(toDto);
  }

  @Post()
  @RequirePermission('ai:write')
  async create(@CurrentUser() user: AuthUser, @ZodBody(itemInputSchema) body: ItemInput): Promise<Item> {
    const row = this.em.create(AiItemSchema, { companyId: user.companyId, title: body.title });
    await this.em.flush();
    return toDto(row);
  }
}
