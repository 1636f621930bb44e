import { describe, expect, it } from 'vitest';
import { ALL_PROFILES, PERMISSIONS, can, PLAN_FLAGS, type PlanFlag, type PlanFlags } from '@atende/core-contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AuthUser, PluginDefinition } from '@atende/sdk-server';
import { RealtimeGateway } from './realtime.gateway.js';
import { PluginRealtime } from './plugin-realtime.js';
import { permissionRooms, profileRooms } from './audience.js';
import { PluginRegistry } from '../plugins/plugin-registry.js';
import type { AuthGuard } from '../auth/auth.guard.js';
import type { CompanyPlanService } from '../platform/company-plan.service.js';

/** Issue 27 item 9: the REALTIME port's permission audience and plan flags. */

const CAMPAIGNS: PluginDefinition = {
  id: 'campaigns',
  version: '1',
  planFlag: 'useCampaigns',
  module: class {},
  permissions: { 'campaigns:read': ['admin', 'super'] },
};
const FILES: PluginDefinition = { id: 'files', version: '1', module: class {}, permissions: { 'files:read': ['user', 'supervisor', 'admin', 'super'] } };

const flagsWith = (...on: PlanFlag[]) => Object.fromEntries(PLAN_FLAGS.map((f) => [f, on.includes(f)])) as PlanFlags;

function setup(plans: Record<number, PlanFlags>, userCompany: Record<number, number> = {}, delays: Record<number, number> = {}) {
  const sent: { rooms: string[]; event: string; payload: unknown }[] = [];
  const registry = new PluginRegistry([CAMPAIGNS, FILES].map((definition) => ({ definition, webDir: null })));
  const planService = {
    flagsOf: async (companyId: number) => {
      await new Promise((r) => setTimeout(r, delays[companyId] ?? 0));
      return plans[companyId] ?? flagsWith();
    },
  } as unknown as CompanyPlanService;
  const orm = {
    em: { fork: () => ({ getConnection: () => ({ execute: async (_sql: string, [id]: number[]) => (userCompany[id] ? [{ company_id: userCompany[id] }] : []) }) }) },
  } as unknown as MikroORM;
  const gateway = new RealtimeGateway({} as AuthGuard, orm, registry, planService, { emit: () => undefined } as never);
  gateway.server = { to: (rooms: string | string[]) => ({ emit: (event: string, payload: unknown) => sent.push({ rooms: [rooms].flat(), event, payload }) }) } as never;
  return { gateway, sent };
}

describe('realtime audience', () => {
  it('a socket is in a permission room exactly when can() grants the permission (every profile, with and without the super flag)', () => {
    const table = { ...PERMISSIONS, ...CAMPAIGNS.permissions, ...FILES.permissions };
    for (const permission of Object.keys(table)) {
      for (const profile of ALL_PROFILES) {
        for (const isSuper of [false, true]) {
          const user: AuthUser = { id: 1, companyId: 3, profile, super: isSuper };
          const joined = profileRooms(user);
          const hears = permissionRooms(3, permission, table).some((r) => joined.includes(r));
          expect(hears, `${permission} ${profile} super=${isSuper}`).toBe(can(user, permission, table));
        }
      }
    }
  });

  it('rooms are per company: another company with the same profile is not in them', () => {
    const rooms = permissionRooms(3, 'campaigns:read', CAMPAIGNS.permissions!);
    expect(profileRooms({ id: 2, companyId: 4, profile: 'admin', super: false }).some((r) => rooms.includes(r))).toBe(false);
  });

  it('without an audience, toCompany reaches the company room at once', () => {
    const { gateway, sent } = setup({});
    gateway.toCompany(3, 'x', { a: 1 });
    expect(sent).toEqual([{ rooms: ['company-3'], event: 'x', payload: { a: 1 } }]);
  });

  it("with a kernel permission: the profile rooms that hold it, at once (the kernel's permissions have no plan flag)", () => {
    const { gateway, sent } = setup({});
    gateway.toCompany(3, 'x', {}, { permission: 'users:manage' });
    expect(sent).toEqual([{ rooms: ['company-3-profile-admin', 'company-3-profile-super'], event: 'x', payload: {} }]);
  });

  it("with a flagged plugin's permission: sent only to companies whose plan has the flag", async () => {
    const { gateway, sent } = setup({ 3: flagsWith('useCampaigns'), 4: flagsWith('useSchedules') });
    gateway.toCompany(3, 'campaign', { id: 1 }, { permission: 'campaigns:read' });
    gateway.toCompany(4, 'campaign', { id: 2 }, { permission: 'campaigns:read' });
    expect(sent).toEqual([]);
    await gateway.gate.idle();
    expect(sent).toEqual([{ rooms: ['company-3-profile-admin', 'company-3-profile-super'], event: 'campaign', payload: { id: 1 } }]);
  });

  it('an unknown permission throws (a typo must not widen or silence the audience)', () => {
    const { gateway } = setup({});
    expect(() => gateway.toCompany(3, 'x', {}, { permission: 'campaign:read' })).toThrow(/Unknown permission/);
  });

  it("gated events of one company keep their order even when an earlier plan read is slower", async () => {
    const { gateway, sent } = setup({ 3: flagsWith('useCampaigns') }, {}, { 3: 30 });
    gateway.toCompany(3, 'campaign', { n: 1 }, { permission: 'campaigns:read' });
    gateway.toCompany(3, 'campaign', { n: 2 }, { permission: 'campaigns:read' });
    await gateway.gate.idle();
    expect(sent.map((s) => s.payload)).toEqual([{ n: 1 }, { n: 2 }]);
  });
});

describe("a plugin's REALTIME instance", () => {
  it("applies the plugin's plan flag to toCompany without an audience and with another plugin's permission", async () => {
    const { gateway, sent } = setup({ 3: flagsWith('useCampaigns'), 4: flagsWith() });
    const port = new PluginRealtime(gateway, CAMPAIGNS);
    port.toCompany(3, 'campaign', { id: 1 });
    port.toCompany(4, 'campaign', { id: 2 });
    port.toCompany(4, 'campaign', { id: 3 }, { permission: 'files:read' });
    await gateway.gate.idle();
    expect(sent).toEqual([{ rooms: ['company-3'], event: 'campaign', payload: { id: 1 } }]);
  });

  it('withoutPlanFlag: an event of pages every plan has (keywords) reaches a company whose plan lacks the flag, at once', () => {
    const { gateway, sent } = setup({ 4: flagsWith() });
    const port = new PluginRealtime(gateway, CAMPAIGNS);
    port.toCompany(4, 'keyword', { id: 1 }, { permission: 'files:read', withoutPlanFlag: true });
    expect(sent).toEqual([{ rooms: ['company-4-profile-user', 'company-4-profile-supervisor', 'company-4-profile-admin', 'company-4-profile-super'], event: 'keyword', payload: { id: 1 } }]);
  });

  it("toUser reaches the user only while their company's plan has the plugin's flag", async () => {
    const { gateway, sent } = setup({ 3: flagsWith('useInternalChat'), 4: flagsWith() }, { 10: 3, 11: 4 });
    const port = new PluginRealtime(gateway, { id: 'internal-chat', planFlag: 'useInternalChat' });
    port.toUser(10, 'chat', { n: 1 });
    port.toUser(11, 'chat', { n: 2 });
    port.toUser(99, 'chat', { n: 3 }); // no such user
    await gateway.gate.idle();
    expect(sent).toEqual([{ rooms: ['user-10'], event: 'chat', payload: { n: 1 } }]);
  });

  it('a plugin without a flag sends at once; a flagged one may not broadcast to the whole platform', () => {
    const { gateway, sent } = setup({});
    new PluginRealtime(gateway, FILES).toCompany(3, 'file', {}, { permission: 'files:read' });
    new PluginRealtime(gateway, { id: 'helps' }).toPlatform('help', {});
    expect(sent.map((s) => s.rooms)).toEqual([['company-3-profile-user', 'company-3-profile-supervisor', 'company-3-profile-admin', 'company-3-profile-super'], ['platform']]);
    expect(() => new PluginRealtime(gateway, CAMPAIGNS).toPlatform('campaign', {})).toThrow(/plan flag/);
  });
});
