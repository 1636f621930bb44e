import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { AppError, CurrentUser, RequirePermission, ZodBody, ZodQuery, type AuthUser } from '@atende/sdk-server';
import { creditCheckSchema, creditReportQuerySchema, type CreditCosts } from '@atende/plugin-ai-contract';
import { CreditsService } from './credits.service.js';
import { costsAnswer } from './costs.js';
import { OpenAiProvider } from '../openai/provider.js';

/** /api/ai/credits/…, also at the spec's /credits/… (commercial-admin §6). */
@Controller('credits')
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get('balance')
  @RequirePermission('ai:use')
  async balance(@CurrentUser() user: AuthUser): Promise<{ data: { balance: number } }> {
    return { data: { balance: await this.credits.balance(user.companyId) } };
  }

  @Get('costs')
  @RequirePermission('ai:use')
  async costs(): Promise<{ data: CreditCosts }> {
    return { data: costsAnswer(await this.credits.costs()) };
  }

  @Post('check')
  @HttpCode(200)
  @RequirePermission('ai:use')
  async check(@CurrentUser() user: AuthUser, @ZodBody(creditCheckSchema) body: z.output<typeof creditCheckSchema>) {
    const balance = await this.credits.balance(user.companyId);
    return { data: { hasCredits: balance >= body.amount, balance } };
  }

  @Get('report')
  @RequirePermission('ai:use')
  async report(@CurrentUser() user: AuthUser, @ZodQuery(creditReportQuerySchema) q: z.output<typeof creditReportQuerySchema>) {
    return { data: await this.credits.report(user.companyId, q.days, q.operation) };
  }
}

const keySchema = z.object({ apiKey: z.string().trim().max(500).nullable() });

/** The super user's Credits tab: the platform's OpenAI key (write-only: only whether one is set is answered). */
@Controller('ai/config')
export class AiConfigController {
  constructor(private readonly provider: OpenAiProvider) {}

  @Get()
  @RequirePermission('ai:platform')
  async show(@CurrentUser() user: AuthUser): Promise<{ hasApiKey: boolean }> {
    if (!user.super) throw AppError.forbidden();
    return { hasApiKey: !!(await this.provider.globalKey()) };
  }

  @Put()
  @RequirePermission('ai:platform')
  async setKey(@CurrentUser() user: AuthUser, @ZodBody(keySchema) body: z.output<typeof keySchema>): Promise<{ hasApiKey: boolean }> {
    if (!user.super) throw AppError.forbidden();
    await this.provider.setGlobalKey(body.apiKey || null);
    return { hasApiKey: !!body.apiKey };
  }
}
