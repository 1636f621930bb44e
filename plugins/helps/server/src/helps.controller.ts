import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse } from '@atende/sdk-server';
import { helpInputSchema, helpListQuerySchema, helpUpdateSchema, helpPageSchema, helpSchema, type Help, type HelpPage } from '@atende/plugin-helps-contract';
import { HelpsService } from './helps.service.js';

const idSchema = z.coerce.number().int().positive();

@Controller('helps')
export class HelpsController {
  constructor(private readonly helps: HelpsService) {}

  @Get()
  @RequirePermission('helps:read')
  @ZodResponse(helpPageSchema)
  page(@ZodQuery(helpListQuerySchema) q: z.infer<typeof helpListQuerySchema>): Promise<HelpPage> {
    return this.helps.page(q.searchParam, q.pageNumber);
  }

  @Get('list')
  @RequirePermission('helps:read')
  @ZodResponse(helpSchema.array())
  list(): Promise<Help[]> {
    return this.helps.list();
  }

  @Post()
  @RequirePermission('helps:write')
  @ZodResponse(helpSchema)
  create(@ZodBody(helpInputSchema) body: z.infer<typeof helpInputSchema>): Promise<Help> {
    return this.helps.create(body);
  }

  @Put(':id')
  @RequirePermission('helps:write')
  @ZodResponse(helpSchema)
  update(@ZodParam('id', idSchema) id: number, @ZodBody(helpUpdateSchema) body: z.infer<typeof helpUpdateSchema>): Promise<Help> {
    return this.helps.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('helps:write')
  async remove(@ZodParam('id', idSchema) id: number): Promise<void> {
    await this.helps.remove(id);
  }
}
