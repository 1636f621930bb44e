// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { PluginManifest, TicketDto } from '@atende/core-contract';

vi.mock('./remote-import.js', () => ({ importRemote: vi.fn(), RemoteRefusedError: class extends Error {} }));
const scope = await import('./remote-import.js');
/** The plugin id of a remote entry URL (/plugins/<id>/remoteEntry.js). */
const idOf = (url: unknown) => String(url).split('/')[2];
const { $widgets, $zonesShown, Zone, bindingFields, sessionEnded, widgetsRegistered, zoneShown } = await import('@atende/sdk-web');
const { loadWidgetPlugins, widgetPluginsFor } = await import('./remote-loader.js');

const ticket = { id: 7, contactId: 3 } as TicketDto;
const widget = (text: string) => async () => ({ default: ({ context }: { context: { ticket: TicketDto } }) => <span>{`${text} #${context.ticket.id}`}</span> });
const plain = (text: string) => async () => ({ default: () => <span>{text}</span> });
const Throws = () => {
  throw new Error('widget bug');
};

afterEach(() => {
  cleanup();
  sessionEnded();
  vi.mocked(scope.importRemote).mockReset();
});

describe('zones (issue 12 item 1)', () => {
  it("renders each widget of the zone with the zone's context, and nothing of other zones", async () => {
    widgetsRegistered([
      { pluginId: 'a', zone: 'ticket.header.actions', load: widget('Agendar') },
      { pluginId: 'b', zone: 'layout.header', load: async () => ({ default: () => <span>campana</span> }) },
    ]);
    render(<Zone name="ticket.header.actions" context={{ ticket }} />);
    expect(await screen.findByText('Agendar #7')).toBeTruthy();
    expect(screen.queryByText('campana')).toBeNull();
  });

  it('a widget that throws, or whose code does not load, disappears alone: the screen and the other widgets go on', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    widgetsRegistered([{ pluginId: 'broken', zone: 'ticket.header.actions', load: async () => ({ default: Throws }) }]);
    widgetsRegistered([{ pluginId: 'gone', zone: 'ticket.header.actions', load: () => Promise.reject(new Error('404')) }]);
    widgetsRegistered([{ pluginId: 'fine', zone: 'ticket.header.actions', load: widget('Kanban') }]);
    render(
      <div>
        <h1>Ticket</h1>
        <Zone name="ticket.header.actions" context={{ ticket }} />
      </div>,
    );
    expect(await screen.findByText('Kanban #7')).toBeTruthy();
    expect(screen.getByText('Ticket')).toBeTruthy();
    expect(error.mock.calls.some((c) => String(c[0]).includes('Widget of plugin broken'))).toBe(true);
    error.mockRestore();
  });

  it("a plugin's widgets registered again replace its earlier ones; a session's end clears them all", () => {
    widgetsRegistered([{ pluginId: 'a', zone: 'layout.header', load: plain('uno') }]);
    widgetsRegistered([{ pluginId: 'a', zone: 'layout.header', load: plain('dos') }]);
    expect($widgets.getState()).toHaveLength(1);
    sessionEnded();
    expect($widgets.getState()).toEqual([]);
  });

  it('a plugin with a badge loads with the list, one with widgets once one of its zones shows, each widget only in the zones its manifest names; page-only plugins wait for their page', async () => {
    const manifest = (id: string, zones: PluginManifest['zones'], remoteEntry: string | null = `/plugins/${id}/remoteEntry.js`, badge?: boolean): PluginManifest => ({
      id,
      version: '1',
      remoteEntry,
      routes: [],
      menu: badge === undefined ? [] : [{ path: `/${id}`, label: { es: id }, badge }],
      settingsTabs: [],
      zones,
      locked: false,
    });
    vi.mocked(scope.importRemote).mockImplementation(async (url: string) => {
      const id = idOf(url);
      if (id === 'broken') throw new Error('remote down');
      return {
        default: {
          id,
          widgets: [
            { zone: 'layout.header', load: plain(`${id} header`) },
            { zone: 'ticket.header.actions', load: widget(`${id} ticket`) },
          ],
        },
      };
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const list = [
      manifest('bell', ['layout.header']),
      manifest('broken', ['layout.header']),
      manifest('pages-only', []),
      manifest('menu-only', [], undefined, false),
      manifest('counted', [], undefined, true),
      manifest('no-remote', ['layout.header'], null),
      manifest('elsewhere', ['connections.page.actions']),
    ];
    expect(widgetPluginsFor(list, []).map((m) => m.id)).toEqual(['counted']);
    // A plugin contributing to a web extension point (a flow step's editor) loads when a screen reads it.
    const stepOnly = { ...manifest('step-only', []), contributes: ['flowbuilder.node-editors'] };
    expect(widgetPluginsFor([stepOnly], [], []).map((m) => m.id)).toEqual([]);
    expect(widgetPluginsFor([stepOnly], [], ['flowbuilder.node-editors']).map((m) => m.id)).toEqual(['step-only']);
    expect(widgetPluginsFor([{ ...stepOnly, locked: true }], [], ['flowbuilder.node-editors'])).toEqual([]);
    await act(() => loadWidgetPlugins(widgetPluginsFor(list, ['layout.header'])));
    error.mockRestore();
    expect(vi.mocked(scope.importRemote).mock.calls.map((c) => idOf(c[0])).sort()).toEqual(['bell', 'broken', 'counted']);
    expect($widgets.getState().map((w) => `${w.pluginId}:${w.zone}`)).toEqual(['bell:layout.header']);
  });

  it('the list loads the plugins of the zones already on screen; a zone shown later loads the plugins filling it, once', async () => {
    const { fetchPluginListFx, fetchPluginsFx } = await import('./plugins.model.js');
    // The first screen (here /, the tickets screen) is drawn: widgets wait for that (first-content.ts).
    (await import('./first-content.js')).firstContentShown();
    const manifest = (id: string, zones: PluginManifest['zones']): PluginManifest => ({ id, version: '1', remoteEntry: `/plugins/${id}/remoteEntry.js`, routes: [], menu: [], settingsTabs: [], zones, locked: false });
    vi.mocked(scope.importRemote).mockImplementation(async (url: string) => ({ default: { id: idOf(url), widgets: [] } }));
    const loaded = () => vi.mocked(scope.importRemote).mock.calls.map((c) => idOf(c[0]));
    render(<Zone name="layout.header" context={{}} />);
    expect($zonesShown.getState()).toEqual(['layout.header']);
    fetchPluginListFx.use(async () => [manifest('horn', ['layout.header']), manifest('flows', ['connections.page.actions'])]);
    await act(() => fetchPluginsFx());
    await vi.waitFor(() => expect(loaded()).toEqual(['horn']));
    await act(async () => {
      zoneShown('connections.page.actions');
      zoneShown('connections.page.actions');
    });
    await vi.waitFor(() => expect(loaded()).toEqual(['horn', 'flows']));
  });

  it('when the plugin list changes (the company expired, a plan lost a flag), plugins left without zones lose their widgets', async () => {
    const { fetchPluginListFx, fetchPluginsFx } = await import('./plugins.model.js');
    widgetsRegistered([{ pluginId: 'bell', zone: 'layout.header', load: plain('campana') }]);
    widgetsRegistered([{ pluginId: 'billing', zone: 'layout.drawer.footer', load: plain('renueve') }]);
    const manifest = (id: string, zones: PluginManifest['zones']): PluginManifest => ({ id, version: '1', remoteEntry: null, routes: [], menu: [], settingsTabs: [], zones, locked: false });
    fetchPluginListFx.use(async () => [manifest('bell', []), manifest('billing', ['layout.drawer.footer'])]);
    await fetchPluginsFx();
    expect($widgets.getState().map((w) => w.pluginId)).toEqual(['billing']);
  });

  it('a plugin list or a remote that answers after a sign-out reaches nothing of the next session', async () => {
    const { $plugins, fetchPluginListFx, fetchPluginsFx } = await import('./plugins.model.js');
    const manifest: PluginManifest = { id: 'late', version: '1', remoteEntry: '/plugins/late/remoteEntry.js', routes: [], menu: [], settingsTabs: [], zones: ['layout.header'], locked: false };
    let answerList!: (list: PluginManifest[]) => void;
    fetchPluginListFx.use(() => new Promise<PluginManifest[]>((resolve) => (answerList = resolve)));
    let answerRemote!: (mod: { default?: unknown }) => void;
    vi.mocked(scope.importRemote).mockImplementation(() => new Promise((resolve) => (answerRemote = resolve)));
    const asked = fetchPluginsFx();
    const { loadWebPlugin } = await import('./remote-loader.js');
    const loading = loadWebPlugin(manifest);
    await vi.waitFor(() => expect(answerRemote).toBeTypeOf('function'));
    sessionEnded(); // the first user signs out; the next one signs in while both answers are still on their way
    answerList([manifest]);
    answerRemote({ default: { id: 'late', widgets: [{ zone: 'layout.header', load: plain('tarde') }] } });
    await asked;
    await loading;
    expect($plugins.getState()).toBeNull();
    expect($widgets.getState()).toEqual([]);
  });

  it('forms send only the binding fields a widget put in them, with valid values', () => {
    expect(bindingFields({ name: 'x', promptId: 4, integrationId: null, other: 1 })).toEqual({ promptId: 4, integrationId: null });
    expect(bindingFields({ promptId: '4', integrationId: -1 })).toEqual({});
    expect(bindingFields({})).toEqual({});
    // A plugin's declared field travels in `bindings` (issue 29 item 3); malformed names and values stay behind.
    expect(bindingFields({ bindings: { flowId: 7, other: 1, badId: 'x', offId: null } })).toEqual({ bindings: { flowId: 7, offId: null } });
  });
});
