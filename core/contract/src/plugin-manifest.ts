// Apart from plugins.ts's schemas: a plugin's web remote declares its manifest with this, and must not
// bundle zod for it.
import type { LocalizedText, PluginMenuItem, PluginRoute, PluginSettingsTab, ZoneName } from './plugins.js';

/** A drawer entry of a manifest declaration: it names one of the declaration's pages. */
export type PluginMenuDeclaration<P extends string> = Omit<PluginMenuItem, 'path'> & { page: P };

/**
 * A plugin's manifest, declared once in its contract package and read by both sides (issue 12 item 2):
 * pages and settings tabs are named, so the server's manifest and the web remote never repeat a path.
 * The server passes it as `definePlugin({ manifest })`; the remote as `defineWebPlugin({ manifest,
 * pages: { <name>: load }, tabs: { <name>: load } })`, checked by TypeScript against the names here.
 */
export function definePluginManifest<const P extends Record<string, PluginRoute> = Record<never, PluginRoute>, const T extends Record<string, PluginSettingsTab> = Record<never, PluginSettingsTab>>(declaration: {
  pages?: P;
  tabs?: T;
  menu?: PluginMenuDeclaration<Extract<keyof P, string>>[];
  zones?: ZoneName[];
  /** Plan features the plugin adds (`useMyThing` → its label); validated by the server SDK when the plugin loads. */
  planFeatures?: Record<string, LocalizedText>;
  /** https origins the plugin's pages load from, by CSP directive (img-src, media-src, frame-src, connect-src, font-src). */
  csp?: Partial<Record<'img-src' | 'media-src' | 'frame-src' | 'connect-src' | 'font-src', string[]>>;
  /** Web extension points the remote contributes to (`flowbuilder.node-editors`): the shell loads it when a screen reads one. */
  contributes?: string[];
}) {
  const pages = (declaration.pages ?? {}) as P;
  const tabs = (declaration.tabs ?? {}) as T;
  return {
    pages,
    tabs,
    routes: Object.values(pages) as PluginRoute[],
    settingsTabs: Object.values(tabs) as PluginSettingsTab[],
    menu: (declaration.menu ?? []).map(({ page, ...entry }) => ({ ...entry, path: pages[page].path })) as PluginMenuItem[],
    zones: declaration.zones ?? [],
    ...(declaration.planFeatures ? { planFeatures: declaration.planFeatures } : {}),
    ...(declaration.csp ? { csp: declaration.csp } : {}),
    ...(declaration.contributes ? { contributes: declaration.contributes } : {}),
  };
}
export type PluginManifestDeclaration = ReturnType<typeof definePluginManifest>;
