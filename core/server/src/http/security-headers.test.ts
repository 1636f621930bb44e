import { describe, expect, it } from 'vitest';
import { openerPolicy, shellCsp } from './security-headers.js';

const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));

describe('shellCsp (issue 29 item 3: sources from plugin manifests)', () => {
  it('names no third-party host and frames nothing when no plugin asks', () => {
    const csp = directives(shellCsp());
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(shellCsp()).not.toMatch(/https:/);
  });
  it('adds the plugins\' origins to their directives only, scripts untouched', () => {
    const csp = directives(shellCsp({ 'frame-src': ['https://www.youtube-nocookie.com'], 'img-src': ['https://i.ytimg.com'], 'connect-src': ['https://api.example.com'] }));
    expect(csp['frame-src']).toEqual(['https://www.youtube-nocookie.com']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://i.ytimg.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.example.com']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['media-src']).toEqual(["'self'", 'blob:']);
  });
});

describe('openerPolicy (popup landing pages, issue 33)', () => {
  it('is same-origin everywhere when no plugin has a popup landing page', () => {
    expect(openerPolicy('/google-sheets/callback', [])).toBe('same-origin');
    expect(openerPolicy('/tickets', [])).toBe('same-origin');
  });
  it('leaves the landing page without the header and lets the other pages keep their popups', () => {
    expect(openerPolicy('/google-sheets/callback', ['/google-sheets/callback'])).toBeNull();
    expect(openerPolicy('/google-sheets', ['/google-sheets/callback'])).toBe('same-origin-allow-popups');
    expect(openerPolicy('/api/google-sheets/callback', ['/google-sheets/callback'])).toBe('same-origin-allow-popups');
  });
});
