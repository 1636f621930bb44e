import { describe, expect, it } from 'vitest';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { AppError, PUBLIC_ROUTE, type AuthUser } from '@atende/sdk-server';
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

  it("a public route of a flagged plugin opens without sign-in (the plugin checks its company); signed in, the plan flag still applies", async () => {
    class CallbackController {}
    class SheetsModule {}
    Reflect.defineMetadata('controllers', [CallbackController], SheetsModule);
    const registry = new PluginRegistry([{ definition: { id: 'sheets', version: '1', planFlag: 'useIntegrations', module: SheetsModule }, webDir: null } as never]);
    const flagged = new PluginAccessGuard(new Reflector(), registry, plans);
    const publicHandler = function callback() {};
    Reflect.defineMetadata(PUBLIC_ROUTE, true, publicHandler);
    const ctx = (handler: () => void, who?: AuthUser) =>
      ({
        getType: () => 'http',
        getClass: () => CallbackController,
        getHandler: () => handler,
        switchToHttp: () => ({ getRequest: () => ({ user: who }) }),
      }) as unknown as ExecutionContext;
    await expect(flagged.canActivate(ctx(publicHandler))).resolves.toBe(true);
    await expect(flagged.canActivate(ctx(function privateRoute() {}))).rejects.toMatchObject({ status: 403 });
    await expect(flagged.canActivate(ctx(publicHandler, user))).rejects.toMatchObject({ status: 403 });
  });
});
