// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { PluginManifest, SessionUser } from '@atende/core-contract';
import { buildMenu } from './menu.js';

const plugin = (id: string, path: string, placement?: 'top'): PluginManifest => ({
  id,
  version: '1',
  remoteEntry: null,
  routes: [{ path }],
  menu: [{ path, label: { es: id }, ...(placement ? { placement } : {}) }],
  settingsTabs: [],
  zones: [],
  locked: false,
});

describe('buildMenu', () => {
  it('opens the drawer with plugin entries placed on top, other plugin entries before users and settings', () => {
    const admin = { profile: 'admin', super: false, company: { planFlags: {} } } as unknown as SessionUser;
    const paths = buildMenu(admin, [plugin('kanban', '/kanban'), plugin('dashboard', '/dashboard', 'top')], (k) => k, (l) => l.es).map((e) => e.path);
    expect(paths[0]).toBe('/dashboard');
    expect(paths.indexOf('/kanban')).toBeGreaterThan(paths.indexOf('/tickets'));
    expect(paths.indexOf('/kanban')).toBeLessThan(paths.indexOf('/users'));
  });
});
