import { describe, expect, it } from 'vitest';
import { definePluginManifest } from '@atende/core-contract';
import { defineWebPlugin } from './plugin.js';

const MANIFEST = definePluginManifest({
  pages: { list: { path: '/billing', permission: 'billing:read' }, pay: { path: '/billing/pay', allowExpired: true } },
  tabs: { options: { key: 'billing', label: { es: 'Cobros' } } },
  menu: [{ page: 'list', icon: 'api', label: { es: 'Cobros' } }],
  zones: ['layout.drawer.footer'],
});

describe('a manifest declared once, read by both sides (issue 12 item 2)', () => {
  it('gives the server its routes, tabs and menu with the pages’ paths', () => {
    expect(MANIFEST.routes).toEqual([{ path: '/billing', permission: 'billing:read' }, { path: '/billing/pay', allowExpired: true }]);
    expect(MANIFEST.settingsTabs).toEqual([{ key: 'billing', label: { es: 'Cobros' } }]);
    expect(MANIFEST.menu).toEqual([{ path: '/billing', icon: 'api', label: { es: 'Cobros' } }]);
    expect(MANIFEST.zones).toEqual(['layout.drawer.footer']);
  });

  it('gives the remote its pages and tabs by name, with the same paths and keys', () => {
    const list = async () => ({ default: () => null });
    const pay = async () => ({ default: () => null });
    const options = async () => ({ default: () => null });
    const web = defineWebPlugin({ id: 'billing', manifest: MANIFEST, pages: { list, pay }, tabs: { options } });
    expect(web.routes).toEqual([
      { path: '/billing', load: list },
      { path: '/billing/pay', load: pay },
    ]);
    expect(web.settingsTabs).toEqual([{ key: 'billing', load: options }]);
    expect(web).not.toHaveProperty('manifest');
  });
  it('takes pages only by the manifest\'s names: a raw route list is not part of its input (issue 29 item 6)', () => {
    // @ts-expect-error `routes` is no longer accepted: pages come from the manifest.
    expect(() => defineWebPlugin({ id: 'x', routes: [{ path: '/x', load: async () => ({ default: () => null }) }] })).toThrow(/by the names of the manifest/);
    expect(defineWebPlugin({ id: 'y', widgets: [] })).toEqual({ id: 'y', widgets: [] });
  });
});
