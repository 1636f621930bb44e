import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import {
  idParamSchema,
  ticketCountQuerySchema,
  ticketCountSchema,
  ticketCreateSchema,
  ticketListQuerySchema,
  ticketPageSchema,
  ticketSchema,
  ticketUpdateSchema,
} from '@atende/core-contract';
import { CurrentUser, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { TicketsService } from './tickets.service.js';

@Controller('tickets')
export class TicketsController {
  constructor(private readonly tickets: TicketsService) {}

  @Get()
  @ZodResponse(ticketPageSchema)
  page(@ZodQuery(ticketListQuerySchema) q: z.infer<typeof ticketListQuerySchema>, @CurrentUser() user: AuthUser) {
    return this.tickets.page(user, q);
  }

  /** Declared before `:id` so "count" is not read as an id. */
  @Get('count')
  @ZodResponse(ticketCountSchema)
  count(@ZodQuery(ticketCountQuerySchema) q: z.infer<typeof ticketCountQuerySchema>, @CurrentUser() user: AuthUser) {
    return this.tickets.count(user, q);
  }

  @Post()
  @ZodResponse(ticketSchema)
  create(@ZodBody(ticketCreateSchema) body: z.infer<typeof ticketCreateSchema>, @CurrentUser() user: AuthUser) {
    return this.tickets.create(user, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('ticket-options:deleteTicket')
  async remove(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    await this.tickets.remove(user, id);
  }

  @Get('u/:uuid')
  @ZodResponse(ticketSchema)
  async byUuid(@ZodParam('uuid', z.string().uuid()) uuid: string, @CurrentUser() user: AuthUser) {
    return this.tickets.dto(await this.tickets.get(user, { uuid }));
  }

  @Get(':id')
  @ZodResponse(ticketSchema)
  async show(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser) {
    return this.tickets.dto(await this.tickets.get(user, { id }));
  }

  @Put(':id')
  @ZodResponse(ticketSchema)
  update(@ZodParam('id', idParamSchema) id: number, @ZodBody(ticketUpdateSchema) body: z.infer<typeof ticketUpdateSchema>, @CurrentUser() user: AuthUser) {
    return this.tickets.update(user, id, body);
  }
}
