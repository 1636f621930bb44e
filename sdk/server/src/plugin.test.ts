import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definePlugin, isPluginDefinition } from './plugin.js';
import { ZodPipe } from './validation.js';
import { AppError } from './errors.js';

class M {}

describe('definePlugin', () => {
  it('accepts a well-formed plugin', () => {
    const p = definePlugin({ id: 'my-plugin', version: '1.0.0', module: M, planFlag: 'useKanban', migrations: [] });
    expect(isPluginDefinition(p)).toBe(true);
  });
  it('rejects ids that are not kebab-case', () => {
    expect(() => definePlugin({ id: 'MyPlugin', version: '1', module: M })).toThrow(/kebab-case/);
    expect(() => definePlugin({ id: 'a_b', version: '1', module: M })).toThrow(/kebab-case/);
  });
  it('accepts a plan flag outside the spec\'s list (the loader checks a plugin declares it) and refuses a malformed one', () => {
    expect(() => definePlugin({ id: 'x', version: '1', module: M, planFlag: 'useTeleport' })).not.toThrow();
    expect(() => definePlugin({ id: 'x', version: '1', module: M, planFlag: 'teleport' as never })).toThrow(/must be "use" followed by PascalCase/);
    expect(() => definePlugin({ id: 'x', version: '1', module: M, planFlag: 'use_teleport' as never })).toThrow(/PascalCase/);
  });
  it('accepts declared plan features with a Spanish label; refuses a malformed name, a spec flag, a label without es', () => {
    expect(() => definePlugin({ id: 'x', version: '1', module: M, planFlag: 'useMyThing', manifest: { planFeatures: { useMyThing: { es: 'Mi cosa', en: 'My thing' } } } })).not.toThrow();
    expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { planFeatures: { myThing: { es: 'x' } } } })).toThrow(/plan feature "myThing" must be "use"/);
    expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { planFeatures: { useKanban: { es: 'x' } } } })).toThrow(/one of the kernel's plan flags/);
    expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { planFeatures: { useMyThing: { es: ' ' } } } })).toThrow(/Spanish text/);
    expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { planFeatures: { useMyThing: {} as never } } })).toThrow(/Spanish text/);
  });
  it('accepts the web extension points a remote contributes to, and refuses a malformed id', () => {
    expect(() => definePlugin({ id: 'steps', version: '1', module: M, manifest: { contributes: ['flowbuilder.node-editors'] } })).not.toThrow();
    expect(() => definePlugin({ id: 'steps2', version: '1', module: M, manifest: { contributes: ['node-editors'] } })).toThrow(/not an extension point id/);
  });

  it('accepts https origins as CSP sources and refuses anything else', () => {
    expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { csp: { 'frame-src': ['https://www.youtube-nocookie.com'], 'img-src': ['https://*.example.com:8443'] } } })).not.toThrow();
    for (const bad of ['http://example.com', 'https://example.com/path', "'unsafe-inline'", '*', 'https://*', 'data:', 'https://example.com; script-src *']) {
      expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { csp: { 'img-src': [bad] } } }), bad).toThrow(/must be an https origin/);
    }
    // A wildcard over a public suffix would let any site in (anyone can have a name there).
    for (const bad of ['https://*.co.uk', 'https://*.github.io', 'https://*.vercel.app', 'https://*.com.br']) {
      expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { csp: { 'img-src': [bad] } } }), bad).toThrow(/wildcard over a public suffix/);
    }
    expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { csp: { 'img-src': ['https://*.acme.co.uk', 'https://*.acme.github.io'] } } })).not.toThrow();
    expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { csp: { 'script-src': ['https://cdn.example.com'] } as never } })).toThrow(/"script-src" cannot be extended/);
  });
  it('accepts API aliases as "<METHOD> /path" and refuses others', () => {
    expect(() => definePlugin({ id: 'x', version: '1', module: M, apiAliases: ['GET /tags/kanban', 'PUT /schedules/:id'] })).not.toThrow();
    for (const bad of ['/tags/kanban', 'GET tags', 'FETCH /x', 'GET /a b']) {
      expect(() => definePlugin({ id: 'x', version: '1', module: M, apiAliases: [bad] }), bad).toThrow(/API alias/);
    }
  });
  it('accepts the shell zones and refuses others', () => {
    expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { zones: ['ticket.header.actions', 'layout.header'] } })).not.toThrow();
    expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { zones: ['ticket.footer' as never] } })).toThrow(/unknown zone "ticket.footer"/);
  });
  it("a page's first requests are API paths with their query, 5 at most", () => {
    const page = (firstRequests: string[]) => ({ id: 'x', version: '1', module: M, manifest: { routes: [{ path: '/x', firstRequests }] } });
    expect(() => definePlugin(page(['/x/figures?days=7', '/x/list']))).not.toThrow();
    for (const bad of ['https://evil.test/x', '//evil.test/x', '/x/../auth/me', 'x/figures', '/x?a=<b>']) expect(() => definePlugin(page([bad])), bad).toThrow(/first request/);
    expect(() => definePlugin(page(['/a', '/b', '/c', '/d', '/e', '/f']))).toThrow(/5 at most/);
  });
  it('requires migration names prefixed with the plugin id', () => {
    expect(() => definePlugin({ id: 'x', version: '1', module: M, migrations: [{ name: 'init', class: class {} as never }] })).toThrow(
      /must be named "x_/,
    );
  });
});

describe('ZodPipe', () => {
  const pipe = new ZodPipe(z.object({ title: z.string().min(2), n: z.coerce.number().int() }));
  it('returns parsed data', () => {
    expect(pipe.transform({ title: 'ok', n: '3' })).toEqual({ title: 'ok', n: 3 });
  });
  it('throws 400 ERR_VALIDATION with each issue', () => {
    try {
      pipe.transform({ title: 'x', n: 'a' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).code).toBe('ERR_VALIDATION');
      expect(((err as AppError).details as { path: string }[]).map((d) => d.path)).toEqual(['title', 'n']);
    }
  });
});
