import { Controller, Get, Req } from '@nestjs/common';
import { can, planFeatureListSchema, pluginListResponseSchema, type PlanFeatureInfo, type PluginManifest } from '@atende/core-contract';
import { AllowExpired, CurrentUser, Public, RequirePermission, ZodResponse, type AuthUser } from '@atende/sdk-server';
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
   * its plan lacks come `locked`, with their route paths only (no remote, menu, tabs or zones). While
   * the subscription is expired, only the routes marked `allowExpired` (and their menu entries) are
   * listed. Public routes are not here: `GET /api/plugins/public` lists them.
   */
  @Get()
  @AllowExpired()
  @ZodResponse(pluginListResponseSchema)
  async list(@CurrentUser() user: AuthUser, @Req() req: { subscriptionExpired?: boolean }): Promise<PluginManifest[]> {
    const expired = req.subscriptionExpired === true;
    const flags = await this.plans.flagsOf(user.companyId);
    const allowed = (permission?: string) => !permission || can(user, permission, this.registry.permissions);
    const answers = this.registry.plugins.map(({ definition: d, webDir }): PluginManifest => {
      const routes = (d.manifest?.routes ?? []).filter((r) => !r.public && allowed(r.permission) && (!expired || r.allowExpired));
      const paths = new Set(routes.map((r) => r.path));
      if (d.planFlag && !flags[d.planFlag]) {
        // Pages opened to every plan (withoutPlanFlag) stay usable; the others are listed locked.
        const open = routes.filter((r) => r.withoutPlanFlag);
        if (!open.length || !webDir) {
          return { id: d.id, version: d.version, remoteEntry: null, routes: routes.map((r) => ({ path: r.path })), menu: [], settingsTabs: [], zones: [], locked: true };
        }
        const openPaths = new Set(open.map((r) => r.path));
        return {
          id: d.id,
          version: d.version,
          remoteEntry: `/plugins/${d.id}/remoteEntry.js`,
          routes: routes.map((r) => (r.withoutPlanFlag ? r : { path: r.path, locked: true })),
          menu: (d.manifest?.menu ?? []).filter((m) => allowed(m.permission) && openPaths.has(m.path)),
          settingsTabs: [],
          zones: [],
          locked: false,
        };
      }
      return {
        id: d.id,
        version: d.version,
        remoteEntry: webDir && (!expired || routes.length) ? `/plugins/${d.id}/remoteEntry.js` : null,
        routes,
        menu: (d.manifest?.menu ?? []).filter((m) => allowed(m.permission) && (!expired || paths.has(m.path))),
        settingsTabs: expired ? [] : (d.manifest?.settingsTabs ?? []).filter((t) => allowed(t.permission)),
        zones: expired ? [] : (d.manifest?.zones ?? []),
        ...(!expired && d.manifest?.contributes?.length ? { contributes: d.manifest.contributes } : {}),
        locked: false,
      };
    });
    return this.withSdkVersions(answers);
  }

  /** Each answer with a remote says which SDK that remote was built with (the shell checks it). */
  private withSdkVersions(answers: PluginManifest[]): PluginManifest[] {
    const sdk = new Map(this.registry.plugins.map((p) => [p.definition.id, p.webSdk]));
    return answers.map((a) => ({ ...a, sdkWeb: a.remoteEntry ? (sdk.get(a.id) ?? null) : null }));
  }

  /**
   * The plan features the installed plugins declare, with their labels: the plan form lists them next
   * to the spec's flags (issue 29 item 3). Plans are managed by super users only.
   */
  @Get('plan-features')
  @RequirePermission('plans:manage')
  @ZodResponse(planFeatureListSchema)
  planFeatures(): PlanFeatureInfo[] {
    return this.registry.planFeatures;
  }

  /** The plugins' public pages (an OAuth callback, say), for the shell before anyone signs in. */
  @Get('public')
  @Public()
  @ZodResponse(pluginListResponseSchema)
  listPublic(): PluginManifest[] {
    const answers = this.registry.plugins
      .map(({ definition: d, webDir }) => ({ d, webDir, routes: (d.manifest?.routes ?? []).filter((r) => r.public).map((r) => ({ path: r.path, public: true })) }))
      .filter(({ webDir, routes }) => webDir && routes.length)
      .map(({ d, routes }) => ({ id: d.id, version: d.version, remoteEntry: `/plugins/${d.id}/remoteEntry.js`, routes, menu: [], settingsTabs: [], zones: [], locked: false }));
    return this.withSdkVersions(answers);
  }
}
