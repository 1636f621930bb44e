import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import type { z } from 'zod';
import { idParamSchema, queueInputSchema, queueSchema, queueUpdateSchema, type Queue } from '@atende/core-contract';
import { CurrentUser, RequirePermission, ZodBody, ZodParam, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { QueuesService } from './queues.service.js';

/** Kernel queues under the spec's path `/queue`; the queues screen comes with the agents' workspace. */
@Controller('queue')
export class QueuesController {
  constructor(private readonly queues: QueuesService) {}

  @Get()
  @RequirePermission('queues:read')
  @ZodResponse(queueSchema.array())
  list(@CurrentUser() user: AuthUser): Promise<Queue[]> {
    return this.queues.list(user);
  }

  /**
   * Every queue's id, name and colour, for every signed-in user: the ticket view's transfer modal lets an
   * agent hand a ticket to a queue they do not work (GET /queue shows agents only their own).
   */
  @Get('names')
  @RequirePermission('queues:read')
  @ZodResponse(queueSchema.pick({ id: true, name: true, color: true }).array())
  names(): Promise<{ id: number; name: string; color: string }[]> {
    return this.queues.names();
  }

  @Get(':id')
  @RequirePermission('queues:read')
  @ZodResponse(queueSchema)
  async show(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser): Promise<Queue> {
    return this.queues.toDto(await this.queues.get(user, id));
  }

  @Post()
  @RequirePermission('queues:write')
  @ZodResponse(queueSchema)
  create(@ZodBody(queueInputSchema) body: z.infer<typeof queueInputSchema>, @CurrentUser() user: AuthUser): Promise<Queue> {
    return this.queues.create(user.companyId, body);
  }

  @Put(':id')
  @RequirePermission('queues:write')
  @ZodResponse(queueSchema)
  update(
    @ZodParam('id', idParamSchema) id: number,
    @ZodBody(queueUpdateSchema) body: z.infer<typeof queueUpdateSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<Queue> {
    return this.queues.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('queues:write')
  async remove(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    await this.queues.remove(user, id);
  }
}
