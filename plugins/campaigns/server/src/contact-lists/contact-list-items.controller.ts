import { Controller, Delete, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { CurrentUser, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import {
  contactListItemInputSchema,
  contactListItemPageSchema,
  contactListItemQuerySchema,
  contactListItemSchema,
  contactListItemUpdateSchema,
  type ContactListItem,
  type ContactListItemPage,
} from '@atende/plugin-campaigns-contract';
import { CampaignsEnabledGuard } from '../campaigns-enabled.guard.js';
import { ContactListItemsService } from './contact-list-items.service.js';
import { idSchema } from './contact-lists.controller.js';

/** Served under /api/contact-list-items (automation-productivity §7); every id is checked against the company. */
@Controller('contact-list-items')
@UseGuards(CampaignsEnabledGuard)
export class ContactListItemsController {
  constructor(private readonly items: ContactListItemsService) {}

  @Get()
  @RequirePermission('campaigns:read')
  @ZodResponse(contactListItemPageSchema)
  page(@CurrentUser() user: AuthUser, @ZodQuery(contactListItemQuerySchema) q: z.infer<typeof contactListItemQuerySchema>): Promise<ContactListItemPage> {
    return this.items.page(user.companyId, q.contactListId, q.searchParam, q.pageNumber);
  }

  @Get(':id')
  @RequirePermission('campaigns:read')
  @ZodResponse(contactListItemSchema)
  show(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<ContactListItem> {
    return this.items.show(user.companyId, id);
  }

  @Post()
  @RequirePermission('campaigns:write')
  @ZodResponse(contactListItemSchema)
  create(@CurrentUser() user: AuthUser, @ZodBody(contactListItemInputSchema) body: z.infer<typeof contactListItemInputSchema>): Promise<ContactListItem> {
    return this.items.create(user.companyId, body);
  }

  @Put(':id')
  @RequirePermission('campaigns:write')
  @ZodResponse(contactListItemSchema)
  update(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @ZodBody(contactListItemUpdateSchema) body: z.infer<typeof contactListItemUpdateSchema>): Promise<ContactListItem> {
    return this.items.update(user.companyId, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('campaigns:write')
  async remove(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<void> {
    await this.items.remove(user.companyId, id);
  }
}
