import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@atende/sdk-server';
import { PluginsController } from './plugins.controller.js';
import { PluginRegistry } from './plugin-registry.js';
import type { CompanyPlanService } from '../platform/company-plan.service.js';

class BillingModule {}
class SheetsModule {}
const registry = new PluginRegistry([
  {
    definition: {
      id: 'billing',
      version: '1',
      module: BillingModule,
      manifest: {
        routes: [{ path: '/invoices' }, { path: '/pay', allowExpired: true }],
        menu: [
          { path: '/invoices', label: { es: 'Facturas' } },
          { path: '/pay', label: { es: 'Pagar' } },
        ],
        settingsTabs: [{ key: 'billing', label: { es: 'Cobros' } }],
        zones: ['layout.drawer.footer'],
      },
    },
    webDir: '/plugins/billing/web',
    webSdk: '1.0.0',
  },
  {
    definition: { id: 'sheets', version: '1', planFlag: 'useIntegrations', module: SheetsModule, manifest: { routes: [{ path: '/sheets' }, { path: '/sheets/callback', public: true }] } },
    webDir: '/plugins/sheets/web',
  },
] as never);
const admin: AuthUser = { id: 1, companyId: 2, profile: 'admin', super: false };
const controller = (flags: Record<string, boolean>) => new PluginsController(registry, { flagsOf: async () => flags } as unknown as CompanyPlanService);

describe('GET /api/plugins: routes for every situation (issue 12 items 2 and 3)', () => {
  it('lists everything the plan allows; a plugin it lacks is locked, with route paths only; public routes are not listed', async () => {
    const [billing, sheets] = await controller({ useIntegrations: false }).list(admin, {});
    expect(billing).toMatchObject({ locked: false, remoteEntry: '/plugins/billing/remoteEntry.js', zones: ['layout.drawer.footer'] });
    expect(billing.routes.map((r) => r.path)).toEqual(['/invoices', '/pay']);
    // The SDK its remote was built with (its atende-remote.json), for the shell's check; unknown → null.
    expect(billing.sdkWeb).toBe('1.0.0');
    expect(sheets).toEqual({ id: 'sheets', version: '1', remoteEntry: null, sdkWeb: null, routes: [{ path: '/sheets' }], menu: [], settingsTabs: [], zones: [], locked: true });
  });

  it('while the subscription is expired: only allowExpired routes and their menu entries, no tabs or zones', async () => {
    const [billing, sheets] = await controller({ useIntegrations: true }).list(admin, { subscriptionExpired: true });
    expect(billing.routes).toEqual([{ path: '/pay', allowExpired: true }]);
    expect(billing.menu.map((m) => m.path)).toEqual(['/pay']);
    expect(billing).toMatchObject({ settingsTabs: [], zones: [], remoteEntry: '/plugins/billing/remoteEntry.js' });
    expect(sheets).toMatchObject({ routes: [], remoteEntry: null });
  });

  it('public pages are listed for the shell before sign-in, whatever the plans', () => {
    expect(controller({}).listPublic()).toEqual([
      { id: 'sheets', version: '1', remoteEntry: '/plugins/sheets/remoteEntry.js', sdkWeb: null, routes: [{ path: '/sheets/callback', public: true }], menu: [], settingsTabs: [], zones: [], locked: false },
    ]);
  });
});
