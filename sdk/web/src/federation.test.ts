import { describe, expect, it } from 'vitest';
import { satisfy } from '@module-federation/runtime';
import { HOST_ONLY_SHARED, HOST_SHARED, SHARED_MODULES, hostSharedModule, packageOf, remoteName, unmetRequirements } from './federation.js';
import { atendeRemote, sharedRanges } from './vite.js';
import { createRequire } from 'node:module';
import sdkPackage from '../package.json' with { type: 'json' };

const sdk = sdkPackage as { name: string; version: string; dependencies?: Record<string, string>; peerDependencies: Record<string, string> };
const require = createRequire(import.meta.url);
/** What the workspace runs: the installed version of each shared package (the SDK's own from its package.json). */
const installed = (pkg: string): string => (pkg === sdk.name ? sdk.version : (require(`${pkg}/package.json`) as { version: string }).version);
const sharedPackages = [...new Set(SHARED_MODULES.map(packageOf))];
const versions = Object.fromEntries(sharedPackages.map((pkg) => [pkg, installed(pkg)]));

describe('shared singletons (issue 30 item 1)', () => {
  it('the ones the issue names, with the subpaths bundles import on their own', () => {
    for (const pkg of ['react', 'react-dom', 'antd', 'react-router-dom', 'effector', 'i18next', '@atende/sdk-web']) expect(SHARED_MODULES).toContain(pkg);
    expect(SHARED_MODULES).toContain('react/jsx-runtime');
    // The contracts are stateless: a remote bundles what it uses; the shell still provides them for older remotes.
    expect(SHARED_MODULES).not.toContain('@atende/core-contract');
    expect(HOST_ONLY_SHARED).toEqual(['@atende/core-contract']);
    expect(packageOf('react/jsx-runtime')).toBe('react');
    expect(packageOf('@atende/sdk-web')).toBe('@atende/sdk-web');
  });

  it("a remote's ranges come from the SDK's package.json: peer range first, dependency pin otherwise, the SDK itself up to its next breaking version", () => {
    expect(sharedRanges()).toEqual(Object.fromEntries(sharedPackages.map((pkg) => [pkg, pkg === sdk.name ? `^${sdk.version}` : sdk.peerDependencies[pkg]])));
    const pkg = { name: '@atende/sdk-web', version: '1.2.0', dependencies: { ...versions, react: '19.3.1' }, peerDependencies: { react: '^19.0.0' } };
    expect(sharedRanges(pkg).react).toBe('^19.0.0');
    expect(sharedRanges(pkg)['@atende/sdk-web']).toBe('^1.2.0');
    expect(() => sharedRanges({ name: '@atende/sdk-web', version: '1.0.0', dependencies: {} })).toThrow(/react/);
  });

  it('atendeRemote: every shared module a host-only singleton with its required version, sourcemaps on, served under /plugins/<id>/', () => {
    const config = atendeRemote('my-plugin');
    expect(config.base).toBe('/plugins/my-plugin/');
    expect(config.build?.sourcemap).toBe(true);
    const names = (config.plugins as { name?: string }[]).flat().map((p) => p?.name);
    expect(names).toContain('atende:remote-requirements');
    expect(names).toContain('atende:refresh-through-shell');
    // federation() itself is left out under vitest (@module-federation/vite turns itself off there); the
    // browser tests build real remotes.
    expect(remoteName('my-plugin')).toBe('atende_my_plugin');
  });
});

describe('version negotiation (issue 30 item 1)', () => {
  const requirements = { id: 'x', shared: sharedRanges() };

  it('a remote built against this SDK is satisfied by a shell running the same versions', () => {
    expect(unmetRequirements(requirements, versions, satisfy)).toEqual([]);
  });

  it('names each package the shell cannot satisfy, what the remote needs and what the shell has', () => {
    const needs = { id: 'x', shared: { ...requirements.shared, '@atende/sdk-web': '^9.0.0', react: '^18.2.0' } };
    expect(unmetRequirements(needs, versions, satisfy)).toEqual([
      { package: 'react', needs: '^18.2.0', has: versions.react },
      { package: '@atende/sdk-web', needs: '^9.0.0', has: sdk.version },
    ]);
    expect(unmetRequirements({ id: 'x', shared: { lodash: '^4.0.0' } }, versions, satisfy)).toEqual([{ package: 'lodash', needs: '^4.0.0', has: null }]);
  });
});

describe("the shell's share scope (atendeHost)", () => {
  it('each shared module loads the module the shell runs, with the installed version of its package', () => {
    const hostVersions = { ...versions, ...Object.fromEntries(HOST_ONLY_SHARED.map((pkg) => [pkg, installed(pkg)])) };
    const code = hostSharedModule(hostVersions, { 'react-router-dom': 'react-router' });
    for (const key of HOST_SHARED) {
      const source = key === 'react-router-dom' ? 'react-router' : key;
      expect(code).toContain(`${JSON.stringify(key)}: provide(${JSON.stringify(hostVersions[packageOf(key)])}, () => import(${JSON.stringify(source)})),`);
    }
    expect(code).toContain(`export const versions = ${JSON.stringify(hostVersions)};`);
    expect(() => hostSharedModule({ ...hostVersions, antd: '' })).toThrow(/antd/);
    expect(() => hostSharedModule(versions)).toThrow(/core-contract/);
  });
});
