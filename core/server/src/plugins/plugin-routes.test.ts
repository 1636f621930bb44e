import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { Controller, Get, Module, Put } from '@nestjs/common';
import type { PluginDefinition } from '@atende/sdk-server';
import type { Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { aliasRewriter, mountUnderId, planRoutes, preparePluginRoutes, routesOf } from './plugin-routes.js';


type Verb = typeof Get;
/** A controller class with the given base path and handlers (decorators applied as functions). */
function ctrl(base: string | undefined, handlers: [Verb, string?][]): Type<unknown> {
  const C = class {} as unknown as { prototype: Record<string, unknown> } & (new () => unknown);
  handlers.forEach(([verb, path], i) => {
    const name = `h${i}`;
    C.prototype[name] = function () {};
    verb(path)(C.prototype, name, Object.getOwnPropertyDescriptor(C.prototype, name)!);
  });
  (base === undefined ? Controller() : Controller(base))(C as never);
  return C as unknown as Type<unknown>;
}

const KernelTags = ctrl('tags', [[Get, ':id'], [Get]]);

const plugin = (id: string, apiAliases: string[], controllers: Type<unknown>[]) => {
  class M {}
  Module({ controllers: controllers as never })(M);
  return { definition: { id, version: '1', module: M, apiAliases } as PluginDefinition, webDir: null };
};

describe('plugin routes (issue 29 item 3)', () => {
  it('mounts a plugin\'s controllers under its id, once, and leaves one already there alone', () => {
    const A = ctrl('tags/kanban', [[Get]]);
    const B = ctrl('things', [[Get]]);
    mountUnderId('things', [A, B]);
    mountUnderId('things', [A, B]);
    expect([...routesOf([A], 'p'), ...routesOf([B], 'p')].map((r) => `${r.method} ${r.path}`)).toEqual(['GET /things/tags/kanban', 'GET /things']);
  });

  it('resolves aliases to the plugin\'s routes; a kernel parameter route does not capture an alias', () => {
    const Board = ctrl('tags/kanban', [[Get]]);
    const Lanes = ctrl('ticket-tags', [[Put, ':ticketId/:tagId']]);
    const aliases = preparePluginRoutes([KernelTags], [plugin('kanban', ['GET /tags/kanban', 'PUT /ticket-tags/:ticketId/:tagId'], [Board, Lanes])]);
    expect(aliases).toEqual([
      { method: 'GET', path: '/tags/kanban', target: '/kanban/tags/kanban', plugin: 'kanban' },
      { method: 'PUT', path: '/ticket-tags/:ticketId/:tagId', target: '/kanban/ticket-tags/:ticketId/:tagId', plugin: 'kanban' },
    ]);
  });

  it('refuses an alias naming no route, a path claimed twice, and a parameter alias capturing another\'s path', () => {
    const X = ctrl('x', [[Get, 'y'], [Get, ':id']]);
    expect(() => preparePluginRoutes([], [plugin('p1', ['GET /nope'], [X])])).toThrow('Plugin "p1": API alias "GET /nope" names no route of the plugin');
    const Dup = ctrl('tags', [[Get]]);
    expect(() => preparePluginRoutes([KernelTags], [plugin('p2', ['GET /tags'], [Dup])])).toThrow(
      'Route collision: GET /api/tags is claimed by the kernel and by plugin "p2" (alias of /api/p2/tags)',
    );
    const X2 = ctrl('x', [[Get, 'y']]);
    const X3 = ctrl('x', [[Get, 'y']]);
    expect(() => preparePluginRoutes([], [plugin('p3', ['GET /x/y'], [X2]), plugin('p4', ['GET /x/y'], [X3])])).toThrow(/Route collision: GET \/api\/x\/y is claimed by plugin "p3".*and by plugin "p4"/);
    const Plans = ctrl('plans', [[Get, 'all']]);
    const Grab = ctrl('plans', [[Get, ':what']]);
    expect(() => preparePluginRoutes([Plans], [plugin('p5', ['GET /plans/:what'], [Grab])])).toThrow(
      'Route collision: GET /api/plans/:what of plugin "p5" (alias of /api/p5/plans/:what) would capture GET /api/plans/all of the kernel.',
    );
  });

  it('refuses a literal alias that would take an id from another owner\'s parameter route (only words may stand there)', () => {
    const KernelUsers = ctrl('users', [[Get, ':userId']]);
    const One = ctrl('users', [[Get, '1']]);
    expect(() => preparePluginRoutes([KernelUsers], [plugin('p6', ['GET /users/1'], [One])])).toThrow(
      'Plugin alias GET /api/users/1 of plugin "p6" (alias of /api/p6/users/1) would answer GET /api/users/:userId of the kernel for "1"',
    );
    const Uuid = ctrl('users', [[Get, '0b7f9a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b']]);
    expect(() => preparePluginRoutes([KernelUsers], [plugin('p7', ['GET /users/0b7f9a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b'], [Uuid])])).toThrow(/would answer GET \/api\/users\/:userId/);
    const Word = ctrl('users', [[Get, 'on-duty']]);
    expect(preparePluginRoutes([KernelUsers], [plugin('p8', ['GET /users/on-duty'], [Word])])).toHaveLength(1);
  });

  it('refuses an alias in another plugin\'s namespace (it could answer that plugin\'s requests)', () => {
    const Approve = ctrl('invoices', [[Get, ':id/approve']]);
    const Thief = ctrl('invoices', [[Get, ':id/approve']]);
    expect(() => preparePluginRoutes([], [plugin('billing', [], [Approve]), plugin('p6', ['GET /billing/invoices/:id/approve'], [Thief])])).toThrow(
      'Plugin "p6": API alias "GET /billing/invoices/:id/approve" lies under /api/billing/, plugin "billing"\'s namespace.',
    );
  });

  it('leaves one plugin\'s own aliases alone (a literal and a parameter alias of the same plugin)', () => {
    const Lists = ctrl('contact-lists', [[Get, 'list'], [Get, ':id']]);
    expect(preparePluginRoutes([], [plugin('lists', ['GET /contact-lists/list', 'GET /contact-lists/:id'], [Lists])])).toHaveLength(2);
  });

  it('a plugin\'s own routes cannot collide with the kernel\'s either (a plugin id equal to a kernel path)', () => {
    const T = ctrl('tags', [[Get, 'kanban']]);
    expect(() => planRoutes(routesOf([KernelTags], 'the kernel'), [{ definition: { id: 'tags' } as PluginDefinition, routes: routesOf([T], 'plugin "tags"') }])).toThrow(
      'Route collision: GET /api/tags/:id of the kernel would capture GET /api/tags/kanban of plugin "tags".',
    );
  });

  it('rewrites an alias request to the plugin\'s route, parameters in order and the query kept; other requests untouched', () => {
    const rewrite = aliasRewriter([
      { method: 'PUT', path: '/ticket-tags/:ticketId/:tagId', target: '/kanban/ticket-tags/:ticketId/:tagId', plugin: 'kanban' },
      { method: 'GET', path: '/tags/kanban', target: '/kanban/tags/kanban', plugin: 'kanban' },
    ]);
    const run = (method: string, url: string) => {
      const req = { method, url } as Request;
      let called = false;
      rewrite(req, {} as Response, () => (called = true));
      expect(called).toBe(true);
      return req.url;
    };
    expect(run('PUT', '/api/ticket-tags/5/9?x=1')).toBe('/api/kanban/ticket-tags/5/9?x=1');
    expect(run('GET', '/api/tags/kanban')).toBe('/api/kanban/tags/kanban');
    expect(run('HEAD', '/api/tags/kanban')).toBe('/api/kanban/tags/kanban');
    expect(run('POST', '/api/tags/kanban')).toBe('/api/tags/kanban');
    expect(run('GET', '/api/tags/7')).toBe('/api/tags/7');
    expect(run('GET', '/tags/kanban')).toBe('/tags/kanban');
  });
});
