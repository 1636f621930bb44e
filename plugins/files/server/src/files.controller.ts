import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Delete, Get, HttpCode, Inject, Post, Put, Req, Res } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, MEDIA, RequirePermission, ZodBody, ZodParam, ZodPipe, ZodResponse, type AuthUser, type Media } from '@atende/sdk-server';
import {
  FILE_MEDIA_MAX_BYTES,
  FILE_MEDIA_TYPES,
  FILE_UPLOAD_FIELD,
  fileListInputSchema,
  fileListNameSchema,
  fileListPageSchema,
  fileListQuerySchema,
  fileListSchema,
  fileListSendResultSchema,
  fileListSendSchema,
  fileListUpdateSchema,
  type FileList,
  type FileListSendResult,
  type FileListName,
  type FileListPage,
} from '@atende/plugin-files-contract';
import { FilesService } from './files.service.js';
import { FilesSenderService } from './files-sender.service.js';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const pageQuery = new ZodPipe(fileListQuerySchema);

/**
 * `GET /files/` with searchParam/pageNumber is the page; `GET /files` without them is the select form
 * (automation-productivity §7 names both). The path alone is a weak signal (proxies and clients add or
 * drop a trailing slash), so either paging parameter also asks for the page.
 */
function wantsPage(req: { originalUrl?: string; url?: string }): boolean {
  const [path, search = ''] = (req.originalUrl ?? req.url ?? '').split('?');
  const params = new URLSearchParams(search);
  return path.endsWith('/') || params.has('pageNumber') || params.has('searchParam');
}

/** Served under /api/files. The kernel checks sign-in and these permissions; the service scopes every id to the company. */
@Controller('files')
export class FilesController {
  constructor(
    private readonly files: FilesService,
    @Inject(MEDIA) private readonly media: Media,
    private readonly sender: FilesSenderService,
  ) {}

  /** Sends the list into a conversation the user can see (issue 38 item 11). */
  @Post(':id/send')
  @HttpCode(200)
  @RequirePermission('files:read')
  @ZodResponse(fileListSendResultSchema)
  send(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @ZodBody(fileListSendSchema) body: z.infer<typeof fileListSendSchema>): Promise<FileListSendResult> {
    return this.sender.send(user, id, body.ticketId);
  }

  @Get()
  @RequirePermission('files:read')
  @ZodResponse(z.union([fileListPageSchema, z.array(fileListNameSchema)]))
  list(@CurrentUser() user: AuthUser, @Req() req: IncomingMessage & { originalUrl?: string; query?: unknown }): Promise<FileListPage | FileListName[]> {
    if (!wantsPage(req)) return this.files.names(user.companyId);
    const q = pageQuery.transform(req.query ?? {});
    return this.files.page(user.companyId, q.searchParam, q.pageNumber);
  }

  @Get(':id')
  @RequirePermission('files:read')
  @ZodResponse(fileListSchema)
  show(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<FileList> {
    return this.files.show(user.companyId, id);
  }

  @Post()
  @RequirePermission('files:write')
  @ZodResponse(fileListSchema)
  create(@CurrentUser() user: AuthUser, @ZodBody(fileListInputSchema) body: z.infer<typeof fileListInputSchema>): Promise<FileList> {
    return this.files.create(user, body);
  }

  @Put(':id')
  @RequirePermission('files:write')
  @ZodResponse(fileListSchema)
  update(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @ZodBody(fileListUpdateSchema) body: z.infer<typeof fileListUpdateSchema>): Promise<FileList> {
    return this.files.update(user.companyId, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('files:write')
  async remove(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<void> {
    await this.files.remove(user.companyId, id);
  }

  /** One option's media: multipart `files` plus the spec's text fields (see the contract), streamed and checked by the Media port. */
  @Post('uploadList/:id')
  @RequirePermission('files:write')
  @ZodResponse(fileListSchema)
  upload(
    @CurrentUser() user: AuthUser,
    @ZodParam('id', idSchema) id: number,
    @Req() req: IncomingMessage,
    @Res({ passthrough: true }) res: ServerResponse,
  ): Promise<FileList> {
    return this.files.upload(user, id, () => this.media.receive(req, res, { field: FILE_UPLOAD_FIELD, accept: FILE_MEDIA_TYPES, maxBytes: FILE_MEDIA_MAX_BYTES }));
  }
}
