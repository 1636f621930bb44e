import { Controller, Delete, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import {
  can,
  companyCreateSchema,
  companyListQuerySchema,
  companyPageSchema,
  companySchema,
  companySchedulesSchema,
  companyUpdateSchema,
  idParamSchema,
  planFlagsSchema,
  planSchema,
  signupAnswerSchema,
  signupSchema,
  type Company,
  type PlanFlags,
} from '@atende/core-contract';
import { AllowExpired, AppError, CurrentUser, Public, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { CompanyPlanService } from '../platform/company-plan.service.js';
import { RateLimiter, signupLimits } from '../auth/rate-limiter.js';
import { PlansService, toPlanDto } from '../plans/plans.service.js';
import { CompaniesService } from './companies.service.js';

/** Super user sees every company; anyone else only their own (404 for others, like a missing row). */
function assertOwnOrSuper(user: AuthUser, companyId: number) {
  if (!can(user, 'companies:manage') && user.companyId !== companyId) throw AppError.notFound('ERR_NO_COMPANY_FOUND');
}

const listPlanSchema = z.object({ plan: planSchema.nullable(), flags: planFlagsSchema, campaignsEnabled: z.boolean() });

@Controller('companies')
export class CompaniesController {
  constructor(
    private readonly companies: CompaniesService,
    private readonly plans: PlansService,
    private readonly flags: CompanyPlanService,
    private readonly limiter: RateLimiter,
  ) {}

  /** Public sign-up: a new company and its admin (commercial-admin §2–§5). */
  @Public()
  @Post('cadastro')
  @ZodResponse(signupAnswerSchema)
  async signup(@ZodBody(signupSchema) body: z.infer<typeof signupSchema>, @Req() req: Request) {
    await this.limiter.consume(signupLimits(req.ip ?? 'unknown'));
    const c = await this.companies.signup(body);
    return { id: c.id, name: c.name };
  }

  @Get()
  @RequirePermission('companies:manage')
  @ZodResponse(companyPageSchema)
  page(@ZodQuery(companyListQuerySchema) q: z.infer<typeof companyListQuerySchema>) {
    return this.companies.page(q.searchParam, q.pageNumber, q.expiry);
  }

  @Get('list')
  @RequirePermission('companies:manage')
  @ZodResponse(companySchema.array())
  list(): Promise<Company[]> {
    return this.companies.list();
  }

  /** The plan and its flags of a company (its own users, or the super user). */
  @Get('listPlan/:companyId')
  @AllowExpired()
  @ZodResponse(listPlanSchema)
  async listPlan(@ZodParam('companyId', idParamSchema) companyId: number, @CurrentUser() user: AuthUser) {
    assertOwnOrSuper(user, companyId);
    const c = await this.companies.get(companyId);
    const flags: PlanFlags = await this.flags.flagsOf(companyId);
    const plan = c.planId ? toPlanDto(await this.plans.get(c.planId)) : null;
    return { plan, flags, campaignsEnabled: c.campaignsEnabled };
  }

  @Get(':id')
  @AllowExpired()
  @ZodResponse(companySchema)
  async show(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser): Promise<Company> {
    assertOwnOrSuper(user, id);
    return this.companies.toDto(await this.companies.get(id));
  }

  @Post()
  @RequirePermission('companies:manage')
  @ZodResponse(companySchema)
  async create(@ZodBody(companyCreateSchema) body: z.infer<typeof companyCreateSchema>): Promise<Company> {
    return this.companies.toDto(await this.companies.create(body));
  }

  @Put(':id')
  @RequirePermission('companies:manage')
  @ZodResponse(companySchema)
  async update(@ZodParam('id', idParamSchema) id: number, @ZodBody(companyUpdateSchema) body: z.infer<typeof companyUpdateSchema>) {
    return this.companies.toDto(await this.companies.update(id, body));
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('companies:manage')
  async remove(@ZodParam('id', idParamSchema) id: number): Promise<void> {
    await this.companies.remove(id);
  }

  @Post(':id/advance-due-date')
  @HttpCode(200)
  @RequirePermission('companies:manage')
  @ZodResponse(companySchema)
  async advance(@ZodParam('id', idParamSchema) id: number): Promise<Company> {
    return this.companies.toDto(await this.companies.advanceDueDate(id));
  }

  /** Weekly hours: the company's admins (settings) or the super user. */
  @Put(':id/schedules')
  @RequirePermission('settings:write')
  @ZodResponse(companySchema)
  async schedules(
    @ZodParam('id', idParamSchema) id: number,
    @ZodBody(companySchedulesSchema) body: z.infer<typeof companySchedulesSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<Company> {
    assertOwnOrSuper(user, id);
    return this.companies.toDto(await this.companies.setSchedules(id, body.schedules));
  }
}
