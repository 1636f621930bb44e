import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { can } from '@atende/core-contract';
import { AppError, REQUIRED_PERMISSION, type AuthUser } from '@atende/sdk-server';
import { PluginRegistry } from './plugin-registry.js';
import { CompanyPlanService } from '../platform/company-plan.service.js';

/**
 * Runs after the auth guard. On a plugin's route, a company whose plan lacks the plugin's flag gets
 * 403 ERR_NO_PERMISSION; then any @RequirePermission is checked against the merged permission table.
 */
@Injectable()
export class PluginAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly registry: PluginRegistry,
    private readonly plans: CompanyPlanService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    const plugin = this.registry.pluginOfController(ctx.getClass());
    if (plugin?.planFlag) {
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
