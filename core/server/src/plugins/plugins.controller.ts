import { Controller, Get } from '@nestjs/common';
import { can, pluginListResponseSchema, type PluginManifest } from '@atende/core-contract';
import { CurrentUser, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { PluginRegistry } from './plugin-registry.js';
import { CompanyPlanService } from '../platform/company-plan.service.js';

@Controller('plugins')
export class PluginsController {
  constructor(
    private readonly registry: PluginRegistry,
    private readonly plans: CompanyPlanService,
  ) {}

  /**
   * The plugins the signed-in user's company may use, with what this user may see of each; plugins
   * its plan lacks come `locked`, with their route paths only (no remote, menu, tabs or zones).
   */
  @Get()
  @ZodResponse(pluginListResponseSchema)
  async list(@CurrentUser() user: AuthUser): Promise<PluginManifest[]> {
    const flags = await this.plans.flagsOf(user.companyId);
    const allowed = (permission?: string) => !permission || can(user, permission, this.registry.permissions);
    return this.registry.plugins.map(({ definition: d, webDir }) => {
      const routes = (d.manifest?.routes ?? []).filter((r) => allowed(r.permission));
      if (d.planFlag && !flags[d.planFlag]) {
        return { id: d.id, version: d.version, remoteEntry: null, routes: routes.map((r) => ({ path: r.path })), menu: [], settingsTabs: [], zones: [], locked: true };
      }
      return {
        id: d.id,
        version: d.version,
        remoteEntry: webDir ? `/plugins/${d.id}/remoteEntry.js` : null,
        routes,
        menu: (d.manifest?.menu ?? []).filter((m) => allowed(m.permission)),
        settingsTabs: (d.manifest?.settingsTabs ?? []).filter((t) => allowed(t.permission)),
        zones: d.manifest?.zones ?? [],
        locked: false,
      };
    });
  }
}
