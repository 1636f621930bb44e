import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SDK_WEB_VERSION, sdkWebMismatch } from './version.js';

describe('SDK version of a remote (issue 29 item 2)', () => {
  it('is the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(SDK_WEB_VERSION).toBe(pkg.version);
  });

  it('lets a remote built with the same or an older minor of the same major load', () => {
    expect(sdkWebMismatch('1.0.0', '1.0.0')).toBeNull();
    expect(sdkWebMismatch('1.0.3', '1.2.0')).toBeNull();
    expect(sdkWebMismatch(null, '1.2.0')).toBeNull();
  });

  it('refuses another major or a newer SDK than the shell runs, saying which', () => {
    expect(sdkWebMismatch('2.0.0', '1.4.0')).toBe('built with SDK 2.0.0, the shell runs SDK 1.4.0 (another major version)');
    expect(sdkWebMismatch('0.9.0', '1.4.0')).toMatch(/another major/);
    expect(sdkWebMismatch('1.5.0', '1.4.0')).toBe('built with SDK 1.5.0, newer than the shell\'s SDK 1.4.0');
    expect(sdkWebMismatch('1.4.1', '1.4.0')).toMatch(/newer/);
    expect(sdkWebMismatch('banana', '1.4.0')).toMatch(/unreadable/);
  });
});
