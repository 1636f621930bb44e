import semver from 'semver';

/**
 * What a plugin needs from the product it runs in (the compatibility policy: docs/plugins/compatibility.md).
 * `kernel` is a semver range the `@atende/server` version must satisfy, e.g. `'^1.0.0'`.
 */
export interface PluginRequirements {
  kernel?: string;
}

/** Throws when a declared requirement is not a semver range (caught by `definePlugin`, at import time). */
export function assertRequirements(pluginId: string, requires: PluginRequirements | undefined): void {
  if (requires?.kernel === undefined) return;
  if (typeof requires.kernel !== 'string' || semver.validRange(requires.kernel) === null) {
    throw new Error(`Plugin "${pluginId}": requires.kernel "${String(requires.kernel)}" is not a semver range (e.g. "^1.0.0").`);
  }
}

/**
 * Why a kernel of `kernelVersion` must not load a plugin with these requirements, or null when it may.
 * Prereleases of the kernel count as their release (`1.1.0-rc.1` satisfies `^1.0.0`).
 */
export function kernelMismatch(requires: PluginRequirements | undefined, kernelVersion: string): string | null {
  const range = requires?.kernel;
  if (range === undefined) return null;
  if (semver.satisfies(kernelVersion, range, { includePrerelease: true })) return null;
  return `requires kernel ${range}, this kernel is ${kernelVersion}`;
}
