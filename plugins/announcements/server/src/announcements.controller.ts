import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Delete, Get, HttpCode, Inject, Post, Put, Req, Res, StreamableFile } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, MEDIA, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser, type Media } from '@atende/sdk-server';
import {
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  ANNOUNCEMENT_MEDIA_TYPES,
  announcementInputSchema,
  announcementListQuerySchema,
  announcementPageSchema,
  announcementSchema,
  announcementUpdateSchema,
  type Announcement,
  type AnnouncementPage,
} from '@atende/plugin-announcements-contract';
import { AnnouncementsService } from './announcements.service.js';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Served under /api/announcements: reads for every signed-in user, writes for super users (the kernel checks the permission). */
@Controller('announcements')
export class AnnouncementsController {
  constructor(
    private readonly announcements: AnnouncementsService,
    @Inject(MEDIA) private readonly media: Media,
  ) {}

  @Get()
  @RequirePermission('announcements:read')
  @ZodResponse(announcementPageSchema)
  page(@CurrentUser() user: AuthUser, @ZodQuery(announcementListQuerySchema) q: z.infer<typeof announcementListQuerySchema>): Promise<AnnouncementPage> {
    return this.announcements.page(user, q.searchParam, q.pageNumber);
  }

  @Get(':id')
  @RequirePermission('announcements:read')
  @ZodResponse(announcementSchema)
  show(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<Announcement> {
    return this.announcements.show(user, id);
  }

  /** The image, to whoever may read the announcement (the kernel's /api/media serves only the owner company). */
  @Get(':id/media')
  @RequirePermission('announcements:read')
  async image(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<StreamableFile> {
    const file = await this.announcements.image(user, id);
    return new StreamableFile(file.data, { type: file.mimetype, length: file.data.length, disposition: 'inline' });
  }

  @Post()
  @RequirePermission('announcements:write')
  @ZodResponse(announcementSchema)
  create(@ZodBody(announcementInputSchema) body: z.infer<typeof announcementInputSchema>): Promise<Announcement> {
    return this.announcements.create(body);
  }

  @Put(':id')
  @RequirePermission('announcements:write')
  @ZodResponse(announcementSchema)
  update(@ZodParam('id', idSchema) id: number, @ZodBody(announcementUpdateSchema) body: z.infer<typeof announcementUpdateSchema>): Promise<Announcement> {
    return this.announcements.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('announcements:write')
  async remove(@ZodParam('id', idSchema) id: number): Promise<void> {
    await this.announcements.remove(id);
  }

  /** Attaches (or replaces) the image: multipart field `file`, png/jpg/jpeg, streamed and checked by the Media port. */
  @Post(':id/media-upload')
  @RequirePermission('announcements:write')
  @ZodResponse(announcementSchema)
  upload(
    @CurrentUser() user: AuthUser,
    @ZodParam('id', idSchema) id: number,
    @Req() req: IncomingMessage,
    @Res({ passthrough: true }) res: ServerResponse,
  ): Promise<Announcement> {
    return this.announcements.attach(user, id, () => this.media.receive(req, res, { field: 'file', accept: ANNOUNCEMENT_MEDIA_TYPES, maxBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES }));
  }

  @Delete(':id/media-upload')
  @RequirePermission('announcements:write')
  @ZodResponse(announcementSchema)
  removeMedia(@ZodParam('id', idSchema) id: number): Promise<Announcement> {
    return this.announcements.detach(id);
  }
}
