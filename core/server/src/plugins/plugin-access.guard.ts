import { Injectable, Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { can } from '@atende/core-contract';
import { AppError, PUBLIC_ROUTE, REQUIRED_PERMISSION, WITHOUT_PLAN_FLAG, type AuthUser } from '@atende/sdk-server';
import { PluginRegistry } from './plugin-registry.js';
import { CompanyPlanService } from '../platform/company-plan.service.js';
import { KERNEL_CONTROLLERS } from '../kernel-modules.js';

const KERNEL = new Set<unknown>(KERNEL_CONTROLLERS);

/**
 * Runs after the auth guard. A route whose controller is neither the kernel's nor a known plugin's
 * (e.g. one a plugin registers in a way the registry cannot see) is refused: it cannot be checked
 * against a plan flag, so it fails closed. On a plugin's route, a company whose plan lacks the plugin's flag gets
 * 403 ERR_NO_PERMISSION, unless the route is marked @WithoutPlanFlag; then any @RequirePermission is checked against the merged permission table.
 */
@Injectable()
export class PluginAccessGuard implements CanActivate {
  private readonly logger = new Logger('PluginAccess');
  constructor(
    private readonly reflector: Reflector,
    private readonly registry: PluginRegistry,
    private readonly plans: CompanyPlanService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    const plugin = this.registry.pluginOfController(ctx.getClass());
    if (!plugin && !KERNEL.has(ctx.getClass())) {
      this.logger.error(`Refused a route of ${ctx.getClass().name}: not a kernel controller nor one of a known plugin's.`);
      throw AppError.forbidden();
    }
    // A public route (an OAuth callback) has no signed-in company to check: the plugin checks the
    // company it acts for itself (COMPANIES.planFlags). Only a route marked on its handler counts: a
    // plugin cannot open a whole controller this way. With a user, the plan flag is checked as everywhere.
    const isPublic = this.reflector.get<boolean>(PUBLIC_ROUTE, ctx.getHandler()) === true;
    // A route the plugin opened to every plan (@WithoutPlanFlag, e.g. the flow builder's keywords).
    const everyPlan = this.reflector.getAllAndOverride<boolean>(WITHOUT_PLAN_FLAG, [ctx.getHandler(), ctx.getClass()]) === true;
    if (plugin?.planFlag && !everyPlan && !(isPublic && !user)) {
      if (!user) throw AppError.forbidden();
      const flags = await this.plans.flagsOf(user.companyId);
      if (!flags[plugin.planFlag]) throw AppError.forbidden(`Your plan does not include ${plugin.id}.`);
    }
    const permission = this.reflector.getAllAndOverride<string | undefined>(REQUIRED_PERMISSION, [
      ctx.getHandler(),
      ctx.getClass(),
    ]);
    if (permission) {
      if (!(permission in this.registry.permissions)) throw new Error(`Unknown permission "${permission}" on a route.`);
      if (!can(user, permission, this.registry.permissions)) throw AppError.forbidden();
    }
    return true;
  }
}
