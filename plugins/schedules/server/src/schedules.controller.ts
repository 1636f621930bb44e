import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Delete, Get, HttpCode, Inject, Post, Put, Req, Res, StreamableFile } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, MEDIA, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser, type Media } from '@atende/sdk-server';
import {
  SCHEDULE_MEDIA_MAX_BYTES,
  SCHEDULE_MEDIA_TYPES,
  scheduleInputSchema,
  scheduleListQuerySchema,
  schedulePageSchema,
  scheduleSchema,
  scheduleUpdateSchema,
  type Schedule,
  type SchedulePage,
} from '@atende/plugin-schedules-contract';
import { SchedulesService } from './schedules.service.js';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Served under /api/schedules. The kernel checks sign-in, the plan flag `useSchedules` and these permissions. */
@Controller('schedules')
export class SchedulesController {
  constructor(
    private readonly schedules: SchedulesService,
    @Inject(MEDIA) private readonly media: Media,
  ) {}

  @Get()
  @RequirePermission('schedules:read')
  @ZodResponse(schedulePageSchema)
  page(@CurrentUser() user: AuthUser, @ZodQuery(scheduleListQuerySchema) q: z.output<typeof scheduleListQuerySchema>): Promise<SchedulePage> {
    return this.schedules.page(user, q);
  }

  @Get(':id')
  @RequirePermission('schedules:read')
  @ZodResponse(scheduleSchema)
  show(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<Schedule> {
    return this.schedules.show(user, id);
  }

  /** The image, to the company's users. */
  @Get(':id/media')
  @RequirePermission('schedules:read')
  async image(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<StreamableFile> {
    const file = await this.schedules.image(user, id);
    return new StreamableFile(file.stream, { type: file.mimetype, length: file.size, disposition: 'inline' });
  }

  @Post()
  @RequirePermission('schedules:write')
  @ZodResponse(scheduleSchema)
  create(@CurrentUser() user: AuthUser, @ZodBody(scheduleInputSchema) body: z.output<typeof scheduleInputSchema>): Promise<Schedule> {
    return this.schedules.create(user, body);
  }

  @Put(':id')
  @RequirePermission('schedules:write')
  @ZodResponse(scheduleSchema)
  update(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @ZodBody(scheduleUpdateSchema) body: z.output<typeof scheduleUpdateSchema>): Promise<Schedule> {
    return this.schedules.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('schedules:write')
  async remove(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<void> {
    await this.schedules.remove(user, id);
  }

  /** Attaches (or replaces) the image: multipart field `file`, png/jpg/jpeg, streamed and checked by the Media port. */
  @Post(':id/media-upload')
  @RequirePermission('schedules:write')
  @ZodResponse(scheduleSchema)
  upload(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @Req() req: IncomingMessage, @Res({ passthrough: true }) res: ServerResponse): Promise<Schedule> {
    return this.schedules.attach(user, id, () => this.media.receive(req, res, { field: 'file', accept: SCHEDULE_MEDIA_TYPES, maxBytes: SCHEDULE_MEDIA_MAX_BYTES }));
  }

  @Delete(':id/media-upload')
  @RequirePermission('schedules:write')
  @ZodResponse(scheduleSchema)
  removeMedia(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<Schedule> {
    return this.schedules.detach(user, id);
  }
}
