import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { idParamSchema, planInputSchema, planSchema, planUpdateSchema, type Plan, type PlanInput } from '@atende/core-contract';
import { AllowExpired, Public, RequirePermission, ZodBody, ZodParam, ZodResponse } from '@atende/sdk-server';
import { PlansService } from './plans.service.js';

const plansSchema = planSchema.array();

@Controller('plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  /** Public: the sign-up screen offers these. */
  @Public()
  @Get('list')
  @ZodResponse(plansSchema)
  publicList(): Promise<Plan[]> {
    return this.plans.publicList();
  }

  @Get('all')
  @RequirePermission('plans:manage')
  @ZodResponse(plansSchema)
  all(): Promise<Plan[]> {
    return this.plans.list();
  }

  @Get()
  @RequirePermission('plans:manage')
  @ZodResponse(plansSchema)
  index(): Promise<Plan[]> {
    return this.plans.list();
  }

  @Get(':id')
  @AllowExpired()
  @RequirePermission('plans:manage')
  @ZodResponse(planSchema)
  async show(@ZodParam('id', idParamSchema) id: number): Promise<Plan> {
    return this.plans.dto(await this.plans.get(id));
  }

  @Post()
  @RequirePermission('plans:manage')
  @ZodResponse(planSchema)
  create(@ZodBody(planInputSchema) body: PlanInput & { value: number; users: number; connections: number; queues: number }): Promise<Plan> {
    return this.plans.create(body);
  }

  @Put(':id')
  @RequirePermission('plans:manage')
  @ZodResponse(planSchema)
  update(@ZodParam('id', idParamSchema) id: number, @ZodBody(planUpdateSchema) body: Partial<PlanInput>): Promise<Plan> {
    return this.plans.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('plans:manage')
  async remove(@ZodParam('id', idParamSchema) id: number): Promise<void> {
    await this.plans.remove(id);
  }
}
