import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KERNEL_ENDPOINTS } from '@atende/core-contract';
import * as ai from '@atende/plugin-ai-contract';
import * as announcements from '@atende/plugin-announcements-contract';
import * as cloudApi from '@atende/plugin-cloud-api-contract';
import * as dashboard from '@atende/plugin-dashboard-contract';
import * as googleSheets from '@atende/plugin-google-sheets-contract';
import * as integrations from '@atende/plugin-integrations-contract';
import * as billing from '@atende/plugin-billing-contract';
import * as campaigns from '@atende/plugin-campaigns-contract';
import * as files from '@atende/plugin-files-contract';
import * as flowbuilder from '@atende/plugin-flowbuilder-contract';
import * as helps from '@atende/plugin-helps-contract';
import * as internalChat from '@atende/plugin-internal-chat-contract';
import * as kanban from '@atende/plugin-kanban-contract';
import * as reseller from '@atende/plugin-reseller-contract';
import * as schedules from '@atende/plugin-schedules-contract';
import * as webhooks from '@atende/plugin-webhooks-contract';
import { createDatabase, startServer, type RunningServer } from '../support/server.js';

type Declared = { method: string; path: string };
/** Every `*_ENDPOINTS` group a plugin's contract exports. */
const endpointsOf = (contract: Record<string, unknown>): Declared[] =>
  Object.entries(contract)
    .filter(([k]) => k.endsWith('_ENDPOINTS'))
    .flatMap(([, group]) => Object.values(group as Record<string, Declared>));
const PLUGINS: [string, Record<string, unknown>][] = [
  ['ai', ai],
  ['announcements', announcements],
  ['cloud-api', cloudApi],
  ['dashboard', dashboard],
  ['google-sheets', googleSheets],
  ['integrations', integrations],
  ['billing', billing],
  ['campaigns', campaigns],
  ['files', files],
  ['flowbuilder', flowbuilder],
  ['helps', helps],
  ['internal-chat', internalChat],
  ['kanban', kanban],
  ['reseller', reseller],
  ['schedules', schedules],
  ['webhooks', webhooks],
];
/** `GET /api/whatsapp/{}`: method and path with parameter names dropped. */
const shape = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}|:[A-Za-z0-9_]+/g, '{}').replace(/\/$/, '')}`;

/** GET /api/docs (issue 34 item 3) on a server with the installed plugins loaded. */
describe('API docs: OpenAPI 3.1 of the kernel and every loaded plugin', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let doc: { openapi: string; paths: Record<string, Record<string, { tags: string[] }>> };
  let documented: Set<string>;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    const res = await fetch(`${server.url}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    doc = await res.json();
    documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => shape(m, p))));
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('puts the external API first', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)[0]).toBe('/api/messages/send');
  });

  it("lists every endpoint of the kernel's and the installed plugins' contracts", () => {
    const missing = Object.values(KERNEL_ENDPOINTS)
      .flatMap((g) => Object.values(g))
      .filter((e) => !documented.has(shape(e.method, `/api${e.path}`)))
      .map((e) => `kernel: ${e.method} ${e.path}`);
    for (const [id, contract] of PLUGINS) {
      const list = endpointsOf(contract);
      expect(list.length, id).toBeGreaterThan(0);
      for (const e of list) if (!documented.has(shape(e.method, `/api${e.path}`)) && !documented.has(shape(e.method, `/api/${id}${e.path}`))) missing.push(`${id}: ${e.method} ${e.path}`);
    }
    expect(missing).toEqual([]);
  });

  it('documents no route that a contract does not declare (a served route without its contract entry fails here)', () => {
    const declared = new Set(Object.values(KERNEL_ENDPOINTS).flatMap((g) => Object.values(g).map((e) => shape(e.method, `/api${e.path}`))));
    for (const [id, contract] of PLUGINS) for (const e of endpointsOf(contract)) for (const p of [`/api${e.path}`, `/api/${id}${e.path}`]) declared.add(shape(e.method, p));
    expect([...documented].filter((r) => !declared.has(r)).sort()).toEqual([]);
  });

  it('serves the readable page without a session', async () => {
    const res = await fetch(`${server.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('data-route="POST /api/messages/send"');
    expect(html).toContain('data-route="GET /api/kanban/ticket/kanban"');
  });
});
