import { Controller, Get, HttpCode, Param, ParseIntPipe, Post, Req } from '@nestjs/common';
import { AppError, CurrentUser, RequirePermission, ZodBody, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import {
  authQuerySchema,
  authStatusSchema,
  authUrlSchema,
  callbackBodySchema,
  callbackResultSchema,
  disconnectBodySchema,
  disconnectResultSchema,
  sheetsListSchema,
  sheetsQuerySchema,
  GOOGLE_SHEETS_ERRORS as E,
  GOOGLE_SHEETS_TEXTS_ES as T,
} from '@atende/plugin-google-sheets-contract';
import type { z } from 'zod';
import { GoogleSheetsService } from './google-sheets.service.js';

/** §7 names `companyId` in queries and bodies: it may only name the user's own company. */
function ownCompany(user: AuthUser, companyId: number | undefined): number {
  if (companyId !== undefined && companyId !== user.companyId) throw new AppError(E.integrationNotFound, 404, T[E.integrationNotFound]);
  return user.companyId;
}

/** The browser's own origin (for the default redirect URI), from what the signed-in page sent. */
function originOf(req: { headers: Record<string, string | string[] | undefined>; protocol: string }): string {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  return `${req.protocol}://${String(req.headers.host ?? 'localhost')}`;
}

/**
 * Served under /api/google-sheets and, through `apiAliases`, at the spec's /queueIntegration paths.
 * The kernel checks sign-in, the plan flag (useIntegrations) and these permissions.
 */
@Controller()
export class GoogleSheetsController {
  constructor(private readonly sheets: GoogleSheetsService) {}

  @Get('queueIntegration/google-sheets/auth')
  @RequirePermission('google-sheets:write')
  @ZodResponse(authUrlSchema)
  async auth(@CurrentUser() user: AuthUser, @ZodQuery(authQuerySchema) q: z.infer<typeof authQuerySchema>, @Req() req: Parameters<typeof originOf>[0]) {
    ownCompany(user, q.companyId);
    return { authUrl: await this.sheets.startAuth(user, q.integrationId ?? null, q.integrationName ?? null, originOf(req)) };
  }

  /** The popup's callback page hands Google's code over through its opener, the signed-in page. */
  @Post('queueIntegration/google-sheets/callback')
  @HttpCode(200)
  @RequirePermission('google-sheets:write')
  @ZodResponse(callbackResultSchema)
  async callback(@CurrentUser() user: AuthUser, @ZodBody(callbackBodySchema) body: z.infer<typeof callbackBodySchema>) {
    const r = await this.sheets.finishAuth(user, body.state, body.code, body.error);
    return { ok: true as const, authIntegrationId: r.authIntegrationId };
  }

  @Get('queueIntegration/google-sheets/auth-status')
  @RequirePermission('google-sheets:read')
  @ZodResponse(authStatusSchema)
  async status(@CurrentUser() user: AuthUser, @ZodQuery(disconnectBodySchema.unwrap()) q: { companyId?: number }) {
    return this.sheets.status(ownCompany(user, q.companyId));
  }

  @Post('queueIntegration/google-sheets/disconnect')
  @HttpCode(200)
  @RequirePermission('google-sheets:write')
  @ZodResponse(disconnectResultSchema)
  async disconnect(@CurrentUser() user: AuthUser, @ZodBody(disconnectBodySchema) body: z.infer<typeof disconnectBodySchema>) {
    return { disconnected: await this.sheets.disconnect(ownCompany(user, body?.companyId)) };
  }

  @Post('queueIntegration/google-sheets/disconnect/:id')
  @HttpCode(200)
  @RequirePermission('google-sheets:write')
  @ZodResponse(disconnectResultSchema)
  async disconnectOne(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    if (!(await this.sheets.integrationOf(user.companyId, id))) throw new AppError(E.integrationNotFound, 404, T[E.integrationNotFound]);
    return { disconnected: await this.sheets.disconnect(user.companyId, id) };
  }

  @Get('queueIntegration/:id/google-sheets/sheets')
  // Reads through the company's Google account whatever spreadsheet is named: for who may configure it.
  @RequirePermission('google-sheets:write')
  @ZodResponse(sheetsListSchema)
  async list(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number, @ZodQuery(sheetsQuerySchema) q: z.infer<typeof sheetsQuerySchema>) {
    return { sheets: await this.sheets.listSheets(ownCompany(user, q.companyId), id, q.spreadsheetId) };
  }
}
