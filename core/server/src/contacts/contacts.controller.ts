import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Controller, Delete, Get, HttpCode, Post, Put, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  CONTACT_IMPORT_LIMITS,
  contactImportResultSchema,
  contactInputSchema,
  contactUpdateSchema,
  contactPageSchema,
  contactPhoneImportResultSchema,
  contactPhoneImportSchema,
  contactSchema,
  idParamSchema,
  pageQuerySchema,
} from '@atende/core-contract';
import { AppError, CurrentUser, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { UploadInterceptor, uploadedFiles } from '../media/upload.interceptor.js';
import { contactDto } from './contact-dto.js';
import { ContactsService } from './contacts.service.js';

const isXlsxName = (file: Express.Multer.File) => path.extname(file.originalname).toLowerCase() === '.xlsx';

type ContactInput = z.infer<typeof contactInputSchema>;

/** The company's contacts over HTTP (the rules are ContactsService's). Everyone works with contacts; only admins delete them. */
@Controller('contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Get()
  @ZodResponse(contactPageSchema)
  page(@ZodQuery(pageQuerySchema) q: z.infer<typeof pageQuerySchema>, @CurrentUser() user: AuthUser) {
    return this.contacts.page(user.companyId, q);
  }

  @Get('list')
  @ZodResponse(z.array(z.object({ id: z.number().int(), name: z.string(), number: z.string() })))
  list(@CurrentUser() user: AuthUser) {
    return this.contacts.names(user.companyId);
  }

  /** Every contact of the company as CSV (UTF-8 with a BOM so spreadsheets read accents), streamed. */
  @Get('export')
  @RequirePermission('contacts-page:exportContacts')
  async export(@Res() res: Response, @CurrentUser() user: AuthUser): Promise<void> {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="contacts.csv"');
    res.setHeader('Cache-Control', 'no-store');
    // Respect back-pressure: wait for the socket to drain before the next batch.
    await this.contacts.exportCsv(user.companyId, async (chunk) => {
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    });
    res.end();
  }

  /** Import from .xlsx (multipart `file`; extension .xlsx and content exceljs can open; 5 MB, 10,000 rows). */
  @Post('upload')
  @HttpCode(200)
  @UseInterceptors(UploadInterceptor('file', 1, CONTACT_IMPORT_LIMITS.bytes, isXlsxName))
  @ZodResponse(contactImportResultSchema)
  async upload(@Req() req: Request, @CurrentUser() user: AuthUser) {
    const [file] = uploadedFiles(req);
    if (!file) throw AppError.validation([{ path: 'file', message: 'required' }]);
    // At most CONTACT_IMPORT_LIMITS.bytes (5 MB), enforced while it streamed to disk.
    return this.contacts.importSheet(user.companyId, await readFile(file.path));
  }

  /**
   * Import from the phone (core-operations §7). Decision: admins only (contacts-page:importContacts:
   * it pours a connection's whole phone book into the company's contacts).
   */
  @Post('import')
  @HttpCode(200)
  @RequirePermission('contacts-page:importContacts')
  @ZodResponse(contactPhoneImportResultSchema)
  importFromPhone(@ZodBody(contactPhoneImportSchema) body: z.infer<typeof contactPhoneImportSchema>, @CurrentUser() user: AuthUser) {
    return this.contacts.importFromPhone(user.companyId, body.whatsappId ?? undefined);
  }

  @Get(':id')
  @ZodResponse(contactSchema)
  async show(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser) {
    return contactDto(await this.contacts.get(user.companyId, id));
  }

  @Post()
  @ZodResponse(contactSchema)
  create(@ZodBody(contactInputSchema) body: ContactInput, @CurrentUser() user: AuthUser) {
    return this.contacts.create(user.companyId, body);
  }

  @Put(':id')
  @ZodResponse(contactSchema)
  update(@ZodParam('id', idParamSchema) id: number, @ZodBody(contactUpdateSchema) body: Partial<ContactInput>, @CurrentUser() user: AuthUser) {
    return this.contacts.update(user.companyId, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('contacts-page:deleteContact')
  remove(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser): Promise<void> {
    return this.contacts.remove(user.companyId, id);
  }
}
