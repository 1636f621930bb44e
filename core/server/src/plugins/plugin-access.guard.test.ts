import { describe, expect, it } from 'vitest';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { AppError, type AuthUser } from '@atende/sdk-server';
import { PluginAccessGuard } from './plugin-access.guard.js';
import { PluginRegistry } from './plugin-registry.js';
import { HealthController } from '../health/health.controller.js';
import type { CompanyPlanService } from '../platform/company-plan.service.js';

const user: AuthUser = { id: 1, companyId: 2, profile: 'admin', super: false };
const ctxFor = (cls: unknown): ExecutionContext =>
  ({
    getType: () => 'http',
    getClass: () => cls,
    getHandler: () => function handler() {},
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  }) as unknown as ExecutionContext;

describe('plugin access guard (issue 9 item 16)', () => {
  const plans = { flagsOf: async () => ({}) } as unknown as CompanyPlanService;
  const guard = new PluginAccessGuard(new Reflector(), new PluginRegistry([]), plans);

  it('lets kernel controllers through', async () => {
    await expect(guard.canActivate(ctxFor(HealthController))).resolves.toBe(true);
  });

  it('fails closed for a controller it cannot classify (no plan flag could be checked)', async () => {
    class SmuggledController {}
    await expect(guard.canActivate(ctxFor(SmuggledController))).rejects.toBeInstanceOf(AppError);
    await expect(guard.canActivate(ctxFor(SmuggledController))).rejects.toMatchObject({ status: 403 });
  });
});
