/**
 * The shared singletons of module federation, defined once and used by the shell (host) and every
 * plugin remote, so the page holds exactly one React, one antd, one router, one i18next and one SDK.
 * Imported by vite.config files (Node), so this file must not import browser code.
 * @ant-design/icons is deliberately not shared: icons are stateless, and sharing would ship all ~800 of
 * them (220 kB gzip) instead of the few each bundle uses.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'antd',
  'effector',
  'effector-react',
  'i18next',
  'react-i18next',
  '@atende/sdk-web',
] as const;

export interface SharedConfig {
  singleton: true;
  import?: false;
}

/**
 * The `shared` option for @module-federation/vite. The shell provides every singleton; remotes use
 * `import: false` so they never bundle a fallback copy and can only run inside the shell.
 */
export function sharedDependencies(role: 'host' | 'remote'): Record<string, SharedConfig> {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => [name, role === 'host' ? { singleton: true } : { singleton: true, import: false }]),
  );
}

/** The federation name of a plugin's remote: `atende_<id with underscores>`. */
export function remoteName(pluginId: string): string {
  return `atende_${pluginId.replace(/-/g, '_')}`;
}

/** The only key a plugin remote exposes. */
export const REMOTE_EXPOSE = './plugin';
