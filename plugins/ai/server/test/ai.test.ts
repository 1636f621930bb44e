import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, unservedEndpoints, type RunningServer } from '@atende/sdk-server/testing';
import { AI_ENDPOINTS } from '@atende/plugin-ai-contract';
import { AiController } from '../src/ai.controller.js';

/**
 * The plugin against the real kernel, PostgreSQL and Redis (the test kit boots the built server with
 * this plugin loaded). Runs with `npm test`; alone: npx vitest run --config tooling/vitest.config.ts
 * --project integration plugins/ai/server/test
 */
describe('ai', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: '@atende/plugin-ai-server' } });
    api = client(server.url);
    ({ admin } = await twoCompanies(api));
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('serves every endpoint its contract declares (the web calls them by these declarations)', () => {
    expect(unservedEndpoints([AiController], { endpoints: AI_ENDPOINTS })).toEqual([]);
  });

  it('answers its keyword ahead of the queue bot, then lets the conversation go on', async () => {
    expect((await api.put('/api/settings/ai.answer', { value: 'Respuesta de ai' }, admin)).status).toBe(200);
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Sandbox ai', { greetingMessage: 'Bienvenido' });
    await phone.say(wa, '5491100000001', 'ai');
    await eventually(async () => (await phone.outbox(wa, '5491100000001')).length > 0);
    // Its answer, not the queue bot's greeting: the chain stopped at this plugin's handler.
    expect(await phone.outbox(wa, '5491100000001')).toEqual(['Respuesta de ai']);
    const [ticket] = await queryDb(db.url, `select holder from tickets where whatsapp_id = $1`, [wa]);
    expect(ticket.holder).toBeNull();
  });

  it('turns every new ticket into an item, once (durable event subscriber)', async () => {
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Sandbox ai 2');
    await phone.say(wa, '5491100000002', 'hola');
    const [{ id }] = await eventually(async () => {
      const rows = await queryDb(db.url, `select id from tickets where whatsapp_id = $1`, [wa]);
      return rows.length ? rows : null;
    });
    await eventually(async () => ((await api.get('/api/ai', admin)).body as { title: string }[]).some((i) => i.title === `Ticket #${id}`));
    expect(((await api.get('/api/ai', admin)).body as { title: string }[]).filter((i) => i.title === `Ticket #${id}`)).toHaveLength(1);
  });
});
