import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Delete, Get, HttpCode, Inject, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, MEDIA, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser, type Media } from '@atende/sdk-server';
import {
  CONTACT_IMPORT_FIELD,
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_TYPES,
  contactImportResultSchema,
  contactListInputSchema,
  contactListNameSchema,
  contactListPageSchema,
  contactListQuerySchema,
  contactListSchema,
  contactListUpdateSchema,
  type ContactImportResult,
  type ContactList,
  type ContactListName,
  type ContactListPage,
} from '@atende/plugin-campaigns-contract';
import { CampaignsEnabledGuard } from '../campaigns-enabled.guard.js';
import { ContactListsService } from './contact-lists.service.js';
import { sampleSheet } from './sample-sheet.js';

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const sampleQuery = z.object({ lang: z.enum(['es', 'pt', 'en']).catch('es').default('es') });

/**
 * Served under /api/contact-lists (automation-productivity §7). The kernel checks sign-in, the plan flag
 * and these permissions; the guard the company's campaigns switch; the service scopes every id to the company.
 */
@Controller('contact-lists')
@UseGuards(CampaignsEnabledGuard)
export class ContactListsController {
  constructor(
    private readonly lists: ContactListsService,
    @Inject(MEDIA) private readonly media: Media,
  ) {}

  /** Every list (id, name, count) for a select, by name. Declared before `:id`. */
  @Get('list')
  @RequirePermission('campaigns:read')
  @ZodResponse(z.array(contactListNameSchema))
  names(@CurrentUser() user: AuthUser): Promise<ContactListName[]> {
    return this.lists.names(user.companyId);
  }

  /** The sample spreadsheet (.xlsx) with the headers in the asked language. */
  @Get('sample')
  @RequirePermission('campaigns:read')
  async sample(@ZodQuery(sampleQuery) q: z.infer<typeof sampleQuery>, @Res() res: ServerResponse): Promise<void> {
    const data = await sampleSheet(q.lang);
    res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Disposition', 'attachment; filename="contact-list-sample.xlsx"');
    res.setHeader('Cache-Control', 'no-store');
    res.end(data);
  }

  @Get()
  @RequirePermission('campaigns:read')
  @ZodResponse(contactListPageSchema)
  page(@CurrentUser() user: AuthUser, @ZodQuery(contactListQuerySchema) q: z.infer<typeof contactListQuerySchema>): Promise<ContactListPage> {
    return this.lists.page(user.companyId, q.searchParam, q.pageNumber);
  }

  @Get(':id')
  @RequirePermission('campaigns:read')
  @ZodResponse(contactListSchema)
  show(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<ContactList> {
    return this.lists.show(user.companyId, id);
  }

  @Post()
  @RequirePermission('campaigns:write')
  @ZodResponse(contactListSchema)
  create(@CurrentUser() user: AuthUser, @ZodBody(contactListInputSchema) body: z.infer<typeof contactListInputSchema>): Promise<ContactList> {
    return this.lists.create(user.companyId, body.name);
  }

  @Put(':id')
  @RequirePermission('campaigns:write')
  @ZodResponse(contactListSchema)
  update(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @ZodBody(contactListUpdateSchema) body: z.infer<typeof contactListUpdateSchema>): Promise<ContactList> {
    return this.lists.update(user.companyId, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('campaigns:write')
  async remove(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<void> {
    await this.lists.remove(user.companyId, id);
  }

  /** Multipart `file` (.xls/.xlsx, 5 MB, 10,000 rows), streamed and checked by the Media port. */
  @Post(':id/upload')
  @HttpCode(200)
  @RequirePermission('campaigns:write')
  @ZodResponse(contactImportResultSchema)
  upload(
    @CurrentUser() user: AuthUser,
    @ZodParam('id', idSchema) id: number,
    @Req() req: IncomingMessage,
    @Res({ passthrough: true }) res: ServerResponse,
  ): Promise<ContactImportResult> {
    return this.lists.importSheet(user.companyId, id, () =>
      this.media.receive(req, res, { field: CONTACT_IMPORT_FIELD, accept: CONTACT_IMPORT_TYPES, maxBytes: CONTACT_IMPORT_MAX_BYTES }),
    );
  }
}
