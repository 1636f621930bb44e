import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, TENANT_PASSWORD, client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, unservedEndpoints, type RunningServer } from '@atende/sdk-server/testing';
import { FLOWBUILDER_ENDPOINTS, FLOW_CAMPAIGN_ENDPOINTS, KEYWORD_ENDPOINTS, type FlowConnection, type FlowNodeInput } from '@atende/plugin-flowbuilder-contract';
import { FlowsController } from '../src/flows.controller.js';
import { FlowCampaignsController, KeywordsController } from '../src/triggers.controller.js';

/**
 * The plugin against the real kernel, PostgreSQL and Redis, through the sandbox channel. Alone:
 * npx vitest run --config tooling/vitest.config.ts --project integration plugins/flowbuilder/server/test
 */
const at = (x: number) => ({ position: { x, y: 0 } });
const start: FlowNodeInput = { id: '1', type: 'start', ...at(0), data: { label: 'Inicio del flujo' } };
const edge = (source: string, target: string, sourceHandle: string | null = null): FlowConnection => ({ id: `${source}-${target}-${sourceHandle ?? ''}`, source, target, sourceHandle });

describe('flowbuilder', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let otherAdmin: string;
  let sup: string;
  let dataDir: string;

  const boot = async () => {
    server = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: '@atende/plugin-flowbuilder-server' }, ...(dataDir ? { dataDir } : {}) });
    dataDir = server.dataDir;
    api = client(server.url);
  };

  /** A flow with `nodes` and `connections` saved; answers its id. */
  const flowOf = async (name: string, nodes: FlowNodeInput[], connections: FlowConnection[]) => {
    const made = await api.post('/api/flowbuilder', { name }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const saved = await api.post('/api/flowbuilder/flow', { idFlow: made.body.id, nodes: [start, ...nodes], connections }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    return made.body.id as number;
  };
  const ticketOf = async (wa: number) =>
    (await eventually(async () => {
      const rows = await queryDb(db.url, `select id, status, queue_id, user_id, holder from tickets where whatsapp_id = $1 order by id desc`, [wa]);
      return rows.length ? rows : null;
    }))[0];
  const outboxHas = (phone: ReturnType<typeof sandbox>, wa: number, to: string, n: number) => eventually(async () => ((await phone.outbox(wa, to)).length >= n ? phone.outbox(wa, to) : null), 20_000);

  beforeAll(async () => {
    db = await createDatabase();
    await boot();
    ({ admin, otherAdmin } = await twoCompanies(api, { users: 10, connections: 10, queues: 5 }));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('serves every endpoint its contract declares (the web calls them by these declarations)', () => {
    expect(unservedEndpoints([FlowsController, KeywordsController, FlowCampaignsController], { flows: FLOWBUILDER_ENDPOINTS, keywords: KEYWORD_ENDPOINTS, phrases: FLOW_CAMPAIGN_ENDPOINTS })).toEqual([]);
  });

  it('flows: create with the start node, rename, list and search, duplicate, delete; names 2 to 50', async () => {
    expect((await api.post('/api/flowbuilder', { name: 'a' }, admin)).body).toMatchObject({ error: 'ERR_VALIDATION', details: [{ path: 'name', message: 'too_short' }] });
    expect((await api.post('/api/flowbuilder', { name: 'x'.repeat(51) }, admin)).status).toBe(400);
    const made = await api.post('/api/flowbuilder', { name: 'Bienvenida' }, admin);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Bienvenida', active: true });
    const drawn = await api.get(`/api/flowbuilder/flow/${made.body.id}`, admin);
    expect(drawn.body.flow.flow).toEqual({ nodes: [{ id: '1', type: 'start', position: expect.any(Object), data: { label: 'Inicio del flujo' } }], connections: [] });
    const renamed = await api.put('/api/flowbuilder', { flowId: made.body.id, name: 'Bienvenida 2', active: false }, admin);
    expect(renamed.body).toMatchObject({ name: 'Bienvenida 2', active: false });
    const copy = await api.post('/api/flowbuilder/duplicate', { flowId: made.body.id }, admin);
    expect(copy.body.name).toBe('Bienvenida 2 (copia)');
    const page = await api.get('/api/flowbuilder?searchParam=copia', admin);
    expect(page.body).toMatchObject({ flows: [{ id: copy.body.id }], count: 1, hasMore: false });
    expect((await api.del(`/api/flowbuilder/${copy.body.id}`, admin)).status).toBe(204);
    expect((await api.get(`/api/flowbuilder/flow/${copy.body.id}`, admin)).body.error).toBe('ERR_FLOW_NOT_FOUND');
  });

  it('saving checks the drawing: a start node with id 1, connectors between its nodes, each type’s data, and ids of the company', async () => {
    const id = (await api.post('/api/flowbuilder', { name: 'Validación' }, admin)).body.id;
    const save = (nodes: unknown[], connections: unknown[] = []) => api.post('/api/flowbuilder/flow', { idFlow: id, nodes, connections }, admin);
    expect((await save([{ id: 'm', type: 'message', ...at(1), data: { label: 'x' } }])).body.details).toContainEqual(expect.objectContaining({ path: 'nodes', message: 'start_missing' }));
    expect((await save([start], [edge('1', 'nope')])).body.details).toContainEqual(expect.objectContaining({ path: 'connections.0.target', message: 'unknown_node' }));
    expect((await save([start, { id: 'm', type: 'message', ...at(1), data: { label: '' } }])).status).toBe(400);
    expect((await save([start, { id: 'g', type: 'tags', ...at(1), data: {} }])).body.details).toContainEqual(expect.objectContaining({ path: 'nodes.1.data.addTagId', message: 'tag_required' }));
    const block = { id: 'b', type: 'singleBlock', ...at(1), data: { seq: ['interval0'], elements: [{ number: 'interval0', type: 'interval', value: 121 }] } };
    expect((await save([start, block])).body.details).toContainEqual(expect.objectContaining({ path: 'nodes.1.data.elements.0.value', message: 'interval_range' }));
    const followUp = { id: 'f', type: 'followUp', ...at(1), data: { intervalTimes: [{ id: 'e', minutes: 0, content: [] }] } };
    expect((await save([start, followUp])).body.details).toContainEqual(expect.objectContaining({ path: 'nodes.1.data.intervalTimes.0.minutes', message: 'minutes_positive' }));
    const foreignTag = (await api.post('/api/tags', { name: 'Ajena', color: '#123456', kanban: 0 }, otherAdmin)).body.id;
    expect((await save([start, { id: 'g', type: 'tags', ...at(1), data: { addTagId: foreignTag } }])).body.details).toContainEqual(expect.objectContaining({ path: 'nodes.1.data.addTagId', message: 'not_found' }));
    expect((await save([start, { id: 'i', type: 'img', ...at(1), data: { url: '/api/media/not-ours.png' } }])).body.details).toContainEqual(expect.objectContaining({ path: 'nodes.1.data.url', message: 'media_missing' }));
    // The start node is put first; canvas-only fields are dropped.
    const ok = await save([{ id: 'm', type: 'message', ...at(1), data: { label: 'Hola' }, selected: true, width: 100 }, start], [edge('1', 'm')]);
    expect(ok.status).toBe(201);
    expect(ok.body.flow.flow.nodes.map((n: { id: string }) => n.id)).toEqual(['1', 'm']);
    expect(ok.body.flow.flow.nodes[1]).not.toHaveProperty('selected');
  });

  it('uploads: an image through the Media port, refused when too large or of another type', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    const form = new FormData();
    form.append('medias', new Blob([png], { type: 'image/png' }), 'logo.png');
    const up = await fetch(`${server.url}/api/flowbuilder/img`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form });
    const body = await up.json();
    expect(up.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ originalName: 'logo.png', url: expect.stringMatching(/^\/api\/media\//), mimetype: 'image/png' });
    const big = new FormData();
    big.append('medias', new Blob([png, Buffer.alloc(2 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    expect((await fetch(`${server.url}/api/flowbuilder/img`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: big })).status).toBe(413);
    const text = new FormData();
    text.append('medias', new Blob(['hola'], { type: 'text/plain' }), 'a.txt');
    expect((await fetch(`${server.url}/api/flowbuilder/content`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: text })).status).toBe(415);
    // The stored image can go in a node of this company's flow.
    const id = (await api.post('/api/flowbuilder', { name: 'Con imagen' }, admin)).body.id;
    const saved = await api.post('/api/flowbuilder/flow', { idFlow: id, nodes: [start, { id: 'i', type: 'img', ...at(1), data: { url: body.url } }], connections: [edge('1', 'i')] }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  });

  it('export works on a fresh install: the key is generated once, the same for two server processes exporting at once', async () => {
    const id = await flowOf('Recién instalado', [{ id: 'm', type: 'message', ...at(1), data: { label: 'Hola' } }], [edge('1', 'm')]);
    expect(await queryDb(db.url, `select value from global_settings where key = 'flowbuilder.exportKey' and value <> ''`)).toEqual([]);
    // A second process of the same install (same DATA_DIR, so the same sign-in secrets).
    const second = await startServer({ databaseUrl: db.url, env: { ATENDE_PLUGINS: '@atende/plugin-flowbuilder-server' }, dataDir });
    try {
      const exportFrom = async (url: string) => {
        const res = await fetch(`${url}/api/flowbuilder/export/${id}`, { headers: { Authorization: `Bearer ${admin}` } });
        expect(res.status).toBe(200);
        return res.json();
      };
      const files = await Promise.all([exportFrom(server.url), exportFrom(second.url), exportFrom(server.url), exportFrom(second.url)]);
      const [stored] = await queryDb(db.url, `select value from global_settings where key = 'flowbuilder.exportKey'`);
      expect(stored.value.length).toBeGreaterThanOrEqual(32);
      // Each file opens on the other process: one key for all.
      for (const [i, file] of files.entries()) {
        const imported = await client(i % 2 ? server.url : second.url).post('/api/flowbuilder/import', { importData: file }, admin);
        expect(imported.status, JSON.stringify(imported.body)).toBe(201);
        expect(imported.body.name).toBe('Recién instalado');
      }
    } finally {
      await second.stop();
    }
  });

  it('export round-trips through import; a super user may set another key (32+ characters); a plain {name, flow} imports too', async () => {
    const id = await flowOf('Exportable', [{ id: 'm', type: 'message', ...at(1), data: { label: 'Hola {{name}}' } }], [edge('1', 'm')]);
    const underGenerated = await (await fetch(`${server.url}/api/flowbuilder/export/${id}`, { headers: { Authorization: `Bearer ${admin}` } })).json();
    expect((await api.put('/api/settings/global/flowbuilder.exportKey', { value: 'corto' }, sup)).status).toBe(400);
    expect((await api.put('/api/settings/global/flowbuilder.exportKey', { value: 'k'.repeat(40) }, sup)).status).toBe(200);
    // The super user's key replaces the generated one: files of the old key no longer open.
    expect((await api.post('/api/flowbuilder/import', { importData: underGenerated }, admin)).body.error).toBe('ERR_FLOW_IMPORT_FORMAT');
    const res = await fetch(`${server.url}/api/flowbuilder/export/${id}`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="exportable-\d+\.json"/);
    const file = await res.json();
    expect(file).toEqual({ encrypted: true, data: expect.any(String), iv: expect.any(String) });
    expect(JSON.stringify(file)).not.toContain('Hola');
    const imported = await api.post('/api/flowbuilder/import', { importData: file }, admin);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.name).toBe('Exportable');
    const original = (await api.get(`/api/flowbuilder/flow/${id}`, admin)).body.flow.flow;
    expect((await api.get(`/api/flowbuilder/flow/${imported.body.id}`, admin)).body.flow.flow).toEqual(original);
    // Tampered, or neither encrypted nor {name, flow}: the format error.
    expect((await api.post('/api/flowbuilder/import', { importData: { ...file, data: Buffer.from('otra cosa entera').toString('base64') } }, admin)).body.error).toBe('ERR_FLOW_IMPORT_FORMAT');
    expect((await api.post('/api/flowbuilder/import', { importData: { foo: 1 } }, admin)).status).toBe(400);
    const plain = await api.post('/api/flowbuilder/import', { importData: { name: 'Plano', flow: original } }, admin);
    expect(plain.body.name).toBe('Plano');
  });

  it('a bound connection runs its flow: menu, invalid answer, option route, question, {{answer}}, interval, transfer to a queue', async () => {
    const queue = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, admin)).body.id;
    const id = await flowOf(
      'Menú',
      [
        { id: 'hello', type: 'message', ...at(1), data: { label: 'Hola {{name}}' } },
        { id: 'menu', type: 'menu', ...at(2), data: { message: '¿Qué necesitas?', arrayOption: [{ number: 1, value: 'Comprar' }, { number: 2, value: 'Soporte' }] } },
        { id: 'ask', type: 'question', ...at(3), data: { message: '¿Cómo te llamas?', answerKey: 'nombre' } },
        { id: 'thanks', type: 'message', ...at(4), data: { label: 'Gracias {{nombre}}, ya te atienden' } },
        { id: 'wait', type: 'interval', ...at(5), data: { sec: 1 } },
        { id: 'to', type: 'ticket', ...at(6), data: { queueId: queue } },
        { id: 'support', type: 'message', ...at(7), data: { label: 'Soporte: escribe a soporte@x' } },
      ],
      [edge('1', 'hello'), edge('hello', 'menu'), edge('menu', 'ask', 'a1'), edge('menu', 'support', 'a2'), edge('ask', 'thanks'), edge('thanks', 'wait'), edge('wait', 'to')],
    );
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Flujo menú');
    expect((await api.put(`/api/whatsapp/${wa}`, { bindings: { flowId: id } }, admin)).status).toBe(200);
    const who = '5491100000010';
    await phone.say(wa, who, 'hola', 'Ana');
    expect(await outboxHas(phone, wa, who, 2)).toEqual(['Hola Ana', '¿Qué necesitas?\n\n[1] Comprar\n[2] Soporte']);
    expect((await ticketOf(wa)).holder).toMatch(/^flowbuilder\./);
    await phone.say(wa, who, '7');
    expect((await outboxHas(phone, wa, who, 3))[2]).toBe('¿Qué necesitas?\n\n[1] Comprar\n[2] Soporte');
    await phone.say(wa, who, '1');
    expect((await outboxHas(phone, wa, who, 4))[3]).toBe('¿Cómo te llamas?');
    await phone.say(wa, who, 'Luisa');
    expect((await outboxHas(phone, wa, who, 5))[4]).toBe('Gracias Luisa, ya te atienden');
    // After the 1 s interval (a delayed job) the ticket goes to the queue, pending, and nobody holds it.
    const moved = await eventually(async () => {
      const t = await ticketOf(wa);
      return t.queue_id === queue ? t : null;
    });
    expect(moved).toMatchObject({ status: 'pending', holder: null });
    const [run] = await queryDb(db.url, `select status, end_reason, variables from flowbuilder_runs where ticket_id = $1`, [moved.id]);
    expect(run).toEqual({ status: 'ended', end_reason: 'ticket_node', variables: { nombre: 'Luisa' } });
  });

  it('an agent accepting the ticket stops the bot; a flow ending on its timer lets go of the ticket', async () => {
    const signedIn = await api.login('admin@tienda.test', TENANT_PASSWORD);
    admin = signedIn.token;
    const me = signedIn.user;
    const id = await flowOf(
      'Agente',
      [
        { id: 'ask', type: 'question', ...at(1), data: { message: '¿En qué te ayudo?', answerKey: 'motivo' } },
        { id: 'end', type: 'message', ...at(2), data: { label: 'Anotado: {{motivo}}' } },
      ],
      [edge('1', 'ask'), edge('ask', 'end')],
    );
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Agente acepta');
    expect((await api.put(`/api/whatsapp/${wa}`, { bindings: { flowId: id } }, admin)).status).toBe(200);
    const who = '5491100000015';
    await phone.say(wa, who, 'hola');
    expect(await outboxHas(phone, wa, who, 1)).toEqual(['¿En qué te ayudo?']);
    const t = await ticketOf(wa);
    const accepted = await api.put(`/api/tickets/${t.id}`, { status: 'open', userId: me.id }, admin);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await ticketOf(wa)).holder).toBeNull();
    await phone.say(wa, who, 'una consulta');
    await eventually(async () => (await queryDb(db.url, `select status, end_reason from flowbuilder_runs where ticket_id = $1`, [t.id]))[0]?.end_reason === 'released');
    expect(await phone.outbox(wa, who)).toEqual(['¿En qué te ayudo?']);

    // Ended by its timer (no inbound message): the hold goes through the TicketHolds port.
    const timed = await flowOf(
      'Temporizado',
      [
        { id: 'wait', type: 'interval', ...at(1), data: { sec: 1 } },
        { id: 'bye', type: 'message', ...at(2), data: { label: 'Hasta luego' } },
      ],
      [edge('1', 'wait'), edge('wait', 'bye')],
    );
    const wa2 = await phone.connect('Temporizado');
    expect((await api.put(`/api/whatsapp/${wa2}`, { bindings: { flowId: timed } }, admin)).status).toBe(200);
    await phone.say(wa2, who, 'hola');
    expect(await outboxHas(phone, wa2, who, 1)).toEqual(['Hasta luego']);
    await eventually(async () => (await ticketOf(wa2)).holder === null);
    expect((await ticketOf(wa2)).status).toBe('pending');
  });

  it('a content block (with a pause), a tags node and a notification to another number run through the sandbox', async () => {
    const tag = (await api.post('/api/tags', { name: 'Interesado', color: '#3f51b5', kanban: 0 }, admin)).body.id;
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Contenido');
    const id = await flowOf(
      'Contenido',
      [
        {
          id: 'block',
          type: 'singleBlock',
          ...at(1),
          data: {
            seq: ['message0', 'interval1', 'message2'],
            elements: [
              { number: 'message0', type: 'message', value: 'Primero' },
              { number: 'interval1', type: 'interval', value: 1 },
              { number: 'message2', type: 'message', value: 'Después de la pausa, {{name}}' },
            ],
          },
        },
        { id: 'tag', type: 'tags', ...at(2), data: { addTagId: tag, name: '+Interesado' } },
        { id: 'notify', type: 'notification', ...at(3), data: { connectionId: wa, targetNumber: '+5491100000099', message: 'Nuevo interesado: {{userNumber}}' } },
      ],
      [edge('1', 'block'), edge('block', 'tag'), edge('tag', 'notify')],
    );
    expect((await api.put(`/api/whatsapp/${wa}`, { bindings: { flowId: id } }, admin)).status).toBe(200);
    const who = '5491100000016';
    await phone.say(wa, who, 'hola', 'Marta');
    expect(await outboxHas(phone, wa, who, 1)).toEqual(['Primero']);
    // A message during the pause is only stored: the block goes on after its pause.
    await phone.say(wa, who, 'sigo aquí');
    expect(await outboxHas(phone, wa, who, 2)).toEqual(['Primero', 'Después de la pausa, Marta']);
    expect(await outboxHas(phone, wa, '5491100000099', 1)).toEqual([`Nuevo interesado: ${who}`]);
    const t = (await queryDb(db.url, `select t.id from tickets t join contacts c on c.id = t.contact_id where c.number = $1 and t.whatsapp_id = $2`, [who, wa]))[0];
    await eventually(async () => (await queryDb(db.url, `select tag_id from ticket_tags where ticket_id = $1`, [t.id])).some((r) => r.tag_id === tag));
    await eventually(async () => (await queryDb(db.url, `select holder from tickets where id = $1`, [t.id]))[0].holder === null);
  });

  it('a queue bound to a flow starts it on a pending ticket moved into the queue, once', async () => {
    const id = await flowOf('Cola', [{ id: 'm', type: 'message', ...at(1), data: { label: 'Bienvenido a la cola' } }], [edge('1', 'm')]);
    const queue = (await api.post('/api/queue', { name: 'Cola con flujo', color: '#607d8b', bindings: { flowId: id } }, admin)).body;
    expect(queue.bindings.flowId).toBe(id);
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Cola enlazada');
    const who = '5491100000017';
    await phone.say(wa, who, 'hola');
    const t = await ticketOf(wa);
    const moved = await api.put(`/api/tickets/${t.id}`, { queueId: queue.id }, admin);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.status).toBe('pending');
    await phone.say(wa, who, 'sigo esperando');
    expect(await outboxHas(phone, wa, who, 1)).toEqual(['Bienvenido a la cola']);
    await phone.say(wa, who, 'otra vez');
    await phone.say(wa, who, 'marcador cola');
    await eventually(async () => (await queryDb(db.url, `select 1 from messages where body = 'marcador cola'`)).length > 0);
    expect(await queryDb(db.url, `select id from flowbuilder_runs where ticket_id = $1`, [t.id])).toHaveLength(1);
  });

  it('a restart in the middle of a flow resumes at the same node', async () => {
    const id = await flowOf(
      'Reinicio',
      [
        { id: 'ask', type: 'question', ...at(1), data: { message: '¿Tu ciudad?', answerKey: 'ciudad' } },
        { id: 'end', type: 'message', ...at(2), data: { label: 'Bienvenido desde {{ciudad}}' } },
      ],
      [edge('1', 'ask'), edge('ask', 'end')],
    );
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Flujo reinicio');
    expect((await api.put(`/api/whatsapp/${wa}`, { bindings: { flowId: id } }, admin)).status).toBe(200);
    const who = '5491100000011';
    await phone.say(wa, who, 'buenas');
    expect(await outboxHas(phone, wa, who, 1)).toEqual(['¿Tu ciudad?']);
    // The outbox: a performed step leaves it; a process that stopped between the commit and the send leaves
    // entries that the next start performs, each send looking for itself first (the question is not sent again).
    const run = await eventually(async () => {
      const [r] = await queryDb(db.url, `select id, step, pending_effects from flowbuilder_runs where ticket_id = (select id from tickets where whatsapp_id = $1 limit 1) and status = 'running'`, [wa]);
      return r && r.pending_effects === null ? r : null;
    });
    const lost = [
      { step: run.step, effects: [{ kind: 'send', body: '¿Tu ciudad?' }] },
      { step: run.step + 1000, effects: [{ kind: 'send', body: 'Mensaje pendiente' }] },
    ];
    await queryDb(db.url, `update flowbuilder_runs set pending_effects = $1 where id = $2`, [JSON.stringify(lost), run.id]);
    await server.stop({ keepData: true });
    await boot();
    await eventually(async () => (await queryDb(db.url, `select pending_effects from flowbuilder_runs where id = $1`, [run.id]))[0].pending_effects === null, 30_000);
    admin = (await api.login('admin@tienda.test', TENANT_PASSWORD)).token;
    await api.post(`/api/whatsappsession/${wa}`, {}, admin);
    const again = sandbox(api, admin);
    await eventually(async () => (await api.get(`/api/whatsapp/${wa}`, admin)).body.status === 'CONNECTED', 30_000);
    await again.say(wa, who, 'Rosario');
    await eventually(async () => (await again.outbox(wa, who)).includes('Bienvenido desde Rosario'), 30_000);
    expect(await again.outbox(wa, who)).toEqual(['¿Tu ciudad?', 'Mensaje pendiente', 'Bienvenido desde Rosario']);
    expect((await ticketOf(wa)).holder).toBeNull();
  }, 120_000);

  it('a keyword adds a tag (exact, any case); another word does nothing', async () => {
    const tag = (await api.post('/api/tags', { name: 'Promo', color: '#00aa00', kanban: 0 }, admin)).body.id;
    const kw = await api.post('/api/keywords', { name: 'Promo', keyword: 'PROMO', addTagId: tag }, admin);
    expect(kw.status, JSON.stringify(kw.body)).toBe(201);
    expect((await api.post('/api/keywords', { name: 'Otra', keyword: 'promo' }, admin)).body.error).toBe('ERR_KEYWORD_ALREADY_EXISTS');
    expect((await api.get(`/api/keywords/${kw.body.id}`, otherAdmin)).status).not.toBe(200);
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Palabras');
    await phone.say(wa, '5491100000012', 'la promo');
    const t = await ticketOf(wa);
    await phone.say(wa, '5491100000012', 'Promo');
    await eventually(async () => (await queryDb(db.url, `select tag_id from ticket_tags where ticket_id = $1`, [t.id])).some((r) => r.tag_id === tag));
    const updated = await api.put(`/api/keywords/${kw.body.id}`, { name: 'Promo 2' }, admin);
    expect(updated.body).toMatchObject({ name: 'Promo 2', keyword: 'PROMO', addTagId: tag });
    expect((await api.get('/api/keywords', admin)).body).toHaveLength(1);
  });

  it('a phrase trigger starts its flow on that connection, once per contact unless it repeats', async () => {
    const id = await flowOf('Activador', [{ id: 'm', type: 'message', ...at(1), data: { label: 'Te cuento todo' } }], [edge('1', 'm')]);
    const phone = sandbox(api, admin);
    const wa = await phone.connect('Frases');
    const made = await api.post('/api/flowcampaign', { name: 'Info', flowId: id, whatsappId: wa, phrase: 'Quiero info' }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ status: true, repeat: false });
    expect((await api.get('/api/flowcampaign', admin)).body.flow.map((f: { id: number }) => f.id)).toContain(made.body.id);
    const who = '5491100000013';
    await phone.say(wa, who, 'quiero info');
    expect(await outboxHas(phone, wa, who, 1)).toEqual(['Te cuento todo']);
    await phone.say(wa, who, 'quiero info');
    await phone.say(wa, who, 'marcador');
    await eventually(async () => (await queryDb(db.url, `select 1 from messages where body = 'marcador'`)).length > 0);
    // The second phrase was stored like any message: the flow did not run again.
    const runs = await queryDb(db.url, `select id from flowbuilder_runs where campaign_id = $1`, [made.body.id]);
    expect(runs).toHaveLength(1);
    expect((await api.put('/api/flowcampaign', { id: made.body.id, repeat: true }, admin)).body.repeat).toBe(true);
    await phone.say(wa, who, 'QUIERO INFO');
    await eventually(async () => (await phone.outbox(wa, who)).filter((b) => b === 'Te cuento todo').length === 2, 30_000);
    expect((await api.del(`/api/flowcampaign/${made.body.id}`, otherAdmin)).status).not.toBe(204);
    expect((await api.del(`/api/flowcampaign/${made.body.id}`, admin)).status).toBe(204);
  });

  it("another plugin's step (the AI plugin's OpenAI executor) runs on the executor point: without credits it hands the ticket over", async () => {
    const id = await flowOf(
      'Con IA',
      [{ id: 'ai', type: 'openai', ...at(1), data: { name: 'Asistente', aiInstructions: 'Responde amable' } }],
      [edge('1', 'ai')],
    );
    const phone = sandbox(api, admin);
    const wa = await phone.connect('IA');
    expect((await api.put(`/api/whatsapp/${wa}`, { bindings: { flowId: id } }, admin)).status).toBe(200);
    await phone.say(wa, '5491100000014', 'hola');
    const t = await ticketOf(wa);
    const [run] = await eventually(async () => {
      const rows = await queryDb(db.url, `select status, end_reason from flowbuilder_runs where ticket_id = $1`, [t.id]);
      // The step asks the model on its own timer (never inside the chain): wait for the run to end.
      return rows.length && rows[0].status === 'ended' ? rows : null;
    });
    // The company has no AI credits: the step hands over instead of calling a model (the AI plugin's own tests cover answers).
    expect(run).toEqual({ status: 'ended', end_reason: 'insufficient_credits' });
    expect((await ticketOf(wa)).holder).toBeNull();
  });
  it('tenant isolation, admin-only, and the plan flag useCampaigns', async () => {
    const id = (await api.post('/api/flowbuilder', { name: 'Privado' }, admin)).body.id;
    expect((await api.get(`/api/flowbuilder/flow/${id}`, otherAdmin)).status).toBe(404);
    expect((await api.put('/api/flowbuilder', { flowId: id, name: 'Robado' }, otherAdmin)).status).toBe(404);
    expect((await api.del(`/api/flowbuilder/${id}`, otherAdmin)).status).toBe(404);
    expect((await api.post('/api/flowbuilder/duplicate', { flowId: id }, otherAdmin)).status).toBe(404);
    expect((await api.get('/api/flowbuilder', otherAdmin)).body.flows.map((f: { id: number }) => f.id)).not.toContain(id);
    expect((await api.post('/api/flowcampaign', { name: 'x', flowId: id, phrase: 'hola' }, otherAdmin)).status).toBe(404);
    expect((await api.post('/api/keywords', { name: 'x', keyword: 'y', activateFlowId: id }, otherAdmin)).status).toBe(404);
    await api.post('/api/users', { name: 'Agente', email: 'agente@tienda.test', password: TENANT_PASSWORD, profile: 'user' }, admin);
    const agent = (await api.login('agente@tienda.test', TENANT_PASSWORD)).token;
    // Flows and phrase triggers stay admin-only; an agent only lists flow names (the keyword dialog's choice).
    expect((await api.post('/api/flowbuilder', { name: 'De agente' }, agent)).status).toBe(403);
    expect((await api.get(`/api/flowbuilder/flow/${id}`, agent)).status).toBe(403);
    expect((await api.get('/api/flowcampaign', agent)).status).toBe(403);
    expect((await api.get('/api/flowbuilder', agent)).body.flows.map((f: { id: number }) => f.id)).toContain(id);
    const plan = (await api.post('/api/plans', { name: 'Sin campañas', value: 10, users: 10, connections: 2, queues: 5, useCampaigns: false }, sup)).body;
    const otherId = (await api.login('admin@otra.test', TENANT_PASSWORD)).user.companyId;
    expect((await api.put(`/api/companies/${otherId}`, { planId: plan.id }, sup)).status).toBe(200);
    const relogged = (await api.login('admin@otra.test', TENANT_PASSWORD)).token;
    expect((await api.get('/api/flowbuilder', relogged)).status).toBe(403);
    expect((await api.get('/api/flowcampaign', relogged)).status).toBe(403);
  });

  it('keywords are a core page (core-operations §2, §6): every profile, every plan; the rest of the plugin stays gated', async () => {
    await api.post('/api/users', { name: 'Agente K', email: 'agente-k@tienda.test', password: TENANT_PASSWORD, profile: 'user' }, admin);
    const agent = (await api.login('agente-k@tienda.test', TENANT_PASSWORD)).token;
    const made = await api.post('/api/keywords', { name: 'Hola agente', keyword: 'hola-agente' }, agent);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await api.put(`/api/keywords/${made.body.id}`, { name: 'Hola agente 2' }, agent)).body.name).toBe('Hola agente 2');
    expect((await api.get('/api/keywords', agent)).body.map((k: { id: number }) => k.id)).toContain(made.body.id);
    expect((await api.del(`/api/keywords/${made.body.id}`, agent)).status).toBe(204);
    const agentMenu = ((await api.get('/api/plugins', agent)).body as { id: string; menu: { path: string }[] }[]).find((p) => p.id === 'flowbuilder')!;
    expect(agentMenu.menu.map((m) => m.path)).toEqual(['/keywords']);

    // A plan without useCampaigns: keywords work, the page is listed open and the others locked.
    const plan = (await api.post('/api/plans', { name: 'Sin campañas K', value: 10, users: 10, connections: 2, queues: 5, useCampaigns: false }, sup)).body;
    const otherId = (await api.login('admin@otra.test', TENANT_PASSWORD)).user.companyId;
    expect((await api.put(`/api/companies/${otherId}`, { planId: plan.id }, sup)).status).toBe(200);
    const relogged = (await api.login('admin@otra.test', TENANT_PASSWORD)).token;
    const kw = await api.post('/api/keywords', { name: 'Sin plan', keyword: 'sinplan' }, relogged);
    expect(kw.status, JSON.stringify(kw.body)).toBe(201);
    expect((await api.get(`/api/keywords/${kw.body.id}`, relogged)).status).toBe(200);
    expect((await api.get(`/api/keywords/${kw.body.id}`, agent)).status).toBe(404);
    expect((await api.post('/api/flowbuilder', { name: 'Sin plan' }, relogged)).status).toBe(403);
    const manifest = ((await api.get('/api/plugins', relogged)).body as { id: string; locked: boolean; remoteEntry: string | null; routes: { path: string; locked?: boolean }[]; menu: { path: string }[]; zones: string[] }[]).find(
      (p) => p.id === 'flowbuilder',
    )!;
    expect(manifest).toMatchObject({ locked: false, remoteEntry: expect.stringContaining('/plugins/flowbuilder/'), zones: [] });
    expect(manifest.menu.map((m) => m.path)).toEqual(['/keywords']);
    expect(manifest.routes.filter((r) => !r.locked).map((r) => r.path)).toEqual(['/keywords']);
    expect(manifest.routes.filter((r) => r.locked).map((r) => r.path).sort()).toEqual(['/flowbuilder/:id', '/flowbuilders', '/phrase-lists']);
  });

});
