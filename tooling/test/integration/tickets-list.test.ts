import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { SUPER, client, createDatabase, startServer, type RunningServer } from '../support/server.js';

const PW = 'Str0ng-pass';
const TZ = 'America/Lima'; // the server's BUSINESS_TIMEZONE default: days of `date` and `updatedAt`

/**
 * A TCP proxy in front of PostgreSQL that counts the statements the server sends: simple queries
 * ('Q') and extended-protocol round trips (each ends with a Sync, 'S'). Counting on the wire needs no
 * hook in the server. It also counts Parse messages ('P') that name their statement: a prepared
 * statement is parsed once per connection, then only bound and executed.
 */
async function countingProxy(target: URL): Promise<{ url: string; statements: () => number; namedParses: () => number; close: () => Promise<void> }> {
  let statements = 0;
  let namedParses = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((front) => {
    const back = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(front).add(back);
    let pending = Buffer.alloc(0);
    let started = false;
    front.on('data', (chunk: Buffer) => {
      back.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          // Untyped messages first: SSL/GSS requests (answered with one byte), then the startup message.
          if (pending.length < 8 || pending.length < pending.readInt32BE(0)) break;
          started = pending.readInt32BE(4) === 196608; // protocol 3.0
          pending = pending.subarray(pending.readInt32BE(0));
          continue;
        }
        if (pending.length < 5 || pending.length < 1 + pending.readInt32BE(1)) break;
        const type = String.fromCharCode(pending[0]);
        if (type === 'Q' || type === 'S') statements++;
        if (type === 'P' && pending[5] !== 0) namedParses++; // the statement name (a C string) is not empty
        pending = pending.subarray(1 + pending.readInt32BE(1));
      }
    });
    back.pipe(front);
    const end = () => {
      front.destroy();
      back.destroy();
    };
    front.on('error', end).on('close', end);
    back.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    statements: () => statements,
    namedParses: () => namedParses,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('ticket lists: filters, visibility, search, pages, counts', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  let server: RunningServer;
  let api: ReturnType<typeof client>;
  let sql: pg.Client;
  let admin: string;
  let ana: string;
  let beto: string;
  let otherTicket = 0;
  const id = { ventas: 0, soporte: 0, masivo: 0, ana: 0, beto: 0, admin: 0, company: 0 };
  const tag: Record<string, number> = {};
  const t: Record<'A' | 'B' | 'C' | 'D' | 'E', number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
  const bulk: number[] = [];
  let wa = 0;

  /** A contact, its ticket (times given in UTC), its messages and tags, straight into the database. */
  async function ticket(o: {
    company?: number;
    whatsapp?: number;
    name: string;
    number: string;
    status: 'pending' | 'open' | 'closed';
    queueId: number | null;
    userId: number | null;
    created: string;
    updated: string;
    unread?: number;
    messages?: string[];
    tags?: number[];
  }): Promise<number> {
    const company = o.company ?? id.company;
    const whatsapp = o.whatsapp ?? wa;
    const contact = (await sql.query(`insert into contacts (company_id, name, number) values ($1, $2, $3) returning id`, [company, o.name, o.number])).rows[0].id;
    const ticketId = (
      await sql.query(
        `insert into tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, unread_messages, last_message, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [company, contact, whatsapp, o.queueId, o.userId, o.status, o.unread ?? 0, o.messages?.at(-1) ?? '', o.created, o.updated],
      )
    ).rows[0].id as number;
    for (const body of o.messages ?? []) {
      await sql.query(`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body) values ($1, $2, $3, $4, $5)`, [company, ticketId, contact, whatsapp, body]);
    }
    for (const tagId of o.tags ?? []) await sql.query(`insert into ticket_tags (ticket_id, tag_id) values ($1, $2)`, [ticketId, tagId]);
    return ticketId;
  }

  const list = async (query: string, token = admin) => {
    const r = await api.get(`/api/tickets?${query}`, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { tickets: { id: number; updatedAt: string; tags: unknown[] }[]; hasMore: boolean };
  };
  /** Ids found among the five hand-made tickets (the 45 bulk ones are older, so they come after). */
  const core = async (query: string, token = admin) => {
    const ids = (await list(query, token)).tickets.map((x) => x.id);
    return Object.entries(t)
      .filter(([, v]) => ids.includes(v))
      .map(([k]) => k)
      .sort();
  };
  const arr = (xs: number[]) => encodeURIComponent(JSON.stringify(xs));

  beforeAll(async () => {
    db = await createDatabase();
    proxy = await countingProxy(new URL(db.url));
    server = await startServer({ databaseUrl: proxy.url });
    api = client(server.url);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const sup = (await api.login(SUPER.email, SUPER.password)).token;
    const plan = (await api.post('/api/plans', { name: 'Pyme', value: 99, users: 10, connections: 2, queues: 5 }, sup)).body;
    await api.post('/api/companies', { name: 'Tienda', email: 'admin@tienda.test', password: PW, planId: plan.id }, sup);
    await api.post('/api/companies', { name: 'Otra', email: 'admin@otra.test', password: PW, planId: plan.id }, sup);
    const signedIn = await api.login('admin@tienda.test', PW);
    admin = signedIn.token;
    id.admin = signedIn.user.id;
    id.company = signedIn.user.companyId;
    const other = await api.login('admin@otra.test', PW);
    id.ventas = (await api.post('/api/queue', { name: 'Ventas', color: '#e91e63' }, admin)).body.id;
    id.soporte = (await api.post('/api/queue', { name: 'Soporte', color: '#3f51b5' }, admin)).body.id;
    id.masivo = (await api.post('/api/queue', { name: 'Masivo', color: '#4caf50' }, admin)).body.id;
    id.ana = (await api.post('/api/users', { name: 'Ana', email: 'ana@tienda.test', password: PW, queueIds: [id.ventas] }, admin)).body.id;
    id.beto = (await api.post('/api/users', { name: 'Beto', email: 'beto@tienda.test', password: PW, queueIds: [id.soporte], allTicket: 'enabled' }, admin)).body.id;
    ana = (await api.login('ana@tienda.test', PW)).token;
    beto = (await api.login('beto@tienda.test', PW)).token;
    wa = (await api.post('/api/whatsapp', { name: 'Principal', provider: 'sandbox', queueIds: [id.ventas] }, admin)).body.id;
    const otherWa = (await api.post('/api/whatsapp', { name: 'Otra', provider: 'sandbox' }, other.token)).body.id;
    for (const name of ['T1', 'T2', 'T3', 'T4', 'T5', 'T6']) {
      tag[name] = (await sql.query(`insert into tags (company_id, name) values ($1, $2) returning id`, [id.company, name])).rows[0].id;
    }

    // A: created 00:30 on 1 March in Lima (05:30 UTC), updated 2 March; unread.
    t.A = await ticket({ name: 'Carla Ríos', number: '51900000001', status: 'pending', queueId: id.ventas, userId: null, created: '2026-03-01T05:30:00Z', updated: '2026-03-02T15:00:00Z', unread: 2, messages: ['Hola', 'quiero el catálogo de verano'], tags: [tag.T1] });
    // B: created 23:30 on 28 February in Lima (04:30 UTC on 1 March), updated 23:59 on 2 March in Lima.
    t.B = await ticket({ name: 'Bruno Díaz', number: '51900000002', status: 'open', queueId: id.soporte, userId: id.beto, created: '2026-03-01T04:30:00Z', updated: '2026-03-03T04:59:00Z', messages: ['Mi pedido no llega'], tags: [tag.T2] });
    // C: Ana's own ticket in a queue that is not hers.
    t.C = await ticket({ name: 'Celia Mora', number: '51900000003', status: 'open', queueId: id.soporte, userId: id.ana, created: '2026-02-10T15:00:00Z', updated: '2026-03-04T15:00:00Z', messages: ['Necesito factura'], tags: [tag.T1, tag.T2] });
    // D: no queue.
    t.D = await ticket({ name: 'Dario Paz', number: '51900000004', status: 'pending', queueId: null, userId: null, created: '2026-02-11T15:00:00Z', updated: '2026-03-05T15:00:00Z', messages: ['Buenas tardes, HELLO world'] });
    t.E = await ticket({ name: 'Zoila Quispe', number: '51911122233', status: 'closed', queueId: id.ventas, userId: id.ana, created: '2026-01-05T15:00:00Z', updated: '2026-01-06T15:00:00Z', messages: ['el código de descuento 100% no funciona'], tags: [tag.T3] });
    // Another company's ticket whose message also says "catálogo": never found from Tienda.
    otherTicket = await ticket({ company: other.user.companyId, whatsapp: otherWa, name: 'Ajeno', number: '51900000009', status: 'pending', queueId: null, userId: null, created: '2026-03-06T15:00:00Z', updated: '2026-03-06T15:00:00Z', messages: ['el catálogo por favor'] });
    // 45 older tickets with six tags each, distinct contacts and users: pages must still hold 40 tickets.
    for (let i = 0; i < 45; i++) {
      bulk.push(
        await ticket({
          name: `Masivo ${i}`,
          number: `5191000${String(i).padStart(4, '0')}`,
          status: 'open',
          queueId: id.masivo,
          userId: [id.ana, id.beto, id.admin][i % 3],
          created: '2025-06-01T15:00:00Z',
          updated: new Date(Date.UTC(2025, 5, 2, 0, i)).toISOString(),
          messages: [`mensaje ${i}`, 'gracias'],
          tags: Object.values(tag),
        }),
      );
    }
  });
  afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await proxy?.close();
    await db?.drop();
  });

  it('refuses malformed filters with 400 ERR_VALIDATION', async () => {
    for (const q of ['queueIds=1,2', 'queueIds=[1,"a"]', 'queueIds=[0]', 'tags={"a":1}', 'tags=[1.5]', 'users=[', 'users=null', 'date=2026-02-30', 'updatedAt=01/03/2026', 'status=archived', 'showAll=yes', 'pageNumber=0']) {
      const r = await api.get(`/api/tickets?${q}`, admin);
      expect(r.status, q).toBe(400);
      expect(r.body.error, q).toBe('ERR_VALIDATION');
    }
    expect((await api.get('/api/tickets', undefined)).status).toBe(401);
  });

  it('shows an agent their queues’ tickets and their own, queueless ones only with allTicket; show-all is admin-only', async () => {
    expect(await core('showAll=true')).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(await core('', ana)).toEqual(['A', 'C', 'E']);
    expect(await core('showAll=true', ana)).toEqual(['A', 'C', 'E']);
    expect(await core('', beto)).toEqual(['B', 'C', 'D']);
    // Opening one ticket follows the same rule.
    expect((await api.get(`/api/tickets/${t.C}`, ana)).status).toBe(200);
    expect((await api.get(`/api/tickets/${t.B}`, ana)).status).toBe(403);
    expect((await api.get(`/api/tickets/${t.D}`, ana)).status).toBe(403);
    expect((await api.get(`/api/tickets/${t.D}`, beto)).status).toBe(200);
    // Agents never see the bulk queue's tickets unless assigned to them.
    const anaBulk = (await list(`queueIds=${arr([id.masivo])}`, ana)).tickets.map((x) => x.id);
    expect(anaBulk.length).toBe(15);
    expect(anaBulk.every((x) => bulk.indexOf(x) % 3 === 0)).toBe(true);
    // An admin with show-all off sees their queues' (none here), their own and queueless tickets;
    // without the parameter (API clients that do not know the switch), everything.
    expect(await core('showAll=false', admin)).toEqual(['D']);
    expect(await core('', admin)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect((await list(`showAll=false&queueIds=${arr([id.masivo])}`, admin)).tickets.map((x) => x.id).sort()).toEqual(bulk.filter((_, i) => i % 3 === 2).sort());
    // And the other company sees none of these.
    const other = (await api.login('admin@otra.test', PW)).token;
    expect((await list('showAll=true', other)).tickets.map((x) => x.id).some((x) => Object.values(t).includes(x) || bulk.includes(x))).toBe(false);
  });

  it('filters by status, queues (queueless left out), tags (any of them), users, unread, and combines them', async () => {
    expect(await core('showAll=true&status=pending')).toEqual(['A', 'D']);
    expect(await core('showAll=true&status=closed')).toEqual(['E']);
    expect(await core(`showAll=true&queueIds=${arr([id.soporte])}`)).toEqual(['B', 'C']);
    expect(await core(`showAll=true&queueIds=${arr([id.soporte, id.ventas])}`)).toEqual(['A', 'B', 'C', 'E']);
    expect(await core(`showAll=true&tags=${arr([tag.T1])}`)).toEqual(['A', 'C']);
    expect(await core(`showAll=true&tags=${arr([tag.T2, tag.T3])}`)).toEqual(['B', 'C', 'E']);
    expect(await core(`showAll=true&users=${arr([id.beto])}`)).toEqual(['B']);
    expect(await core(`showAll=true&users=${arr([id.ana, id.beto])}`)).toEqual(['B', 'C', 'E']);
    expect(await core('showAll=true&withUnreadMessages=true')).toEqual(['A']);
    expect(await core(`showAll=true&status=open&queueIds=${arr([id.soporte])}&users=${arr([id.ana])}`)).toEqual(['C']);
    expect(await core(`showAll=true&queueIds=${arr([])}`)).toEqual([]);
  });

  it(`takes date (created) and updatedAt (updated) as days in the company's time zone (${TZ})`, async () => {
    expect(await core('showAll=true&date=2026-03-01')).toEqual(['A']);
    expect(await core('showAll=true&date=2026-02-28')).toEqual(['B']);
    expect(await core('showAll=true&updatedAt=2026-03-02')).toEqual(['A', 'B']);
    expect(await core('showAll=true&updatedAt=2026-03-03')).toEqual([]);
    expect(await core('showAll=true&date=2026-02-10&updatedAt=2026-03-04')).toEqual(['C']);
  });

  it('searches contact name, number and message text by substring, in any status, within what the user may see', async () => {
    expect(await core('showAll=true&searchParam=catálogo')).toEqual(['A']);
    expect((await list('showAll=true&searchParam=catálogo')).tickets).toHaveLength(1); // not the other company's
    expect(await core('showAll=true&searchParam=hello')).toEqual(['D']);
    expect(await core('showAll=true&searchParam=Zoila')).toEqual(['E']);
    expect(await core('showAll=true&searchParam=1112223')).toEqual(['E']);
    expect(await core('showAll=true&searchParam=ecesit')).toEqual(['C']);
    // LIKE wildcards are literal: "100%" is that text, not "100" followed by anything.
    expect((await list('showAll=true&searchParam=100%25')).tickets.map((x) => x.id)).toEqual([t.E]);
    expect((await list('showAll=true&searchParam=qwxzv')).tickets).toEqual([]);
    // Terms under 3 characters (no trigram to index) match contacts only, never message text.
    expect(await core('showAll=true&searchParam=Zo')).toEqual(['E']);
    expect(await core('showAll=true&searchParam=HE')).toEqual([]);
    expect(await core('showAll=true&searchParam=HEL')).toEqual(['D']);
    expect(await core('showAll=true&searchParam=Necesito&status=open')).toEqual(['C']);
    expect(await core('showAll=true&searchParam=Necesito&status=closed')).toEqual([]);
    expect(await core('searchParam=pedido', ana)).toEqual([]);
    expect(await core('searchParam=pedido', beto)).toEqual(['B']);
    // Several tickets match through contact and messages at once: each listed once, newest first.
    const both = await list('showAll=true&searchParam=a');
    expect(new Set(both.tickets.map((x) => x.id)).size).toBe(both.tickets.length);
    expect(both.tickets.length).toBe(40);
    expect(both.hasMore).toBe(true);
  });

  it('fills pages with 40 tickets however many tags each has, in update order, and says when more follow', async () => {
    const q = `showAll=true&queueIds=${arr([id.masivo])}`;
    const one = await list(`${q}&pageNumber=1`);
    const two = await list(`${q}&pageNumber=2`);
    expect(one.tickets).toHaveLength(40);
    expect(one.hasMore).toBe(true);
    expect(two.tickets).toHaveLength(5);
    expect(two.hasMore).toBe(false);
    expect(one.tickets.every((x) => x.tags.length === 6)).toBe(true);
    const ids = [...one.tickets, ...two.tickets].map((x) => x.id);
    expect(ids).toEqual([...bulk].reverse()); // updated one minute apart, newest first
    expect((await list(`${q}&pageNumber=3`)).tickets).toEqual([]);
  });

  it('pages by cursor (keyset) to the same tickets as by number, and a ticket moving up meanwhile is neither repeated nor skipped', async () => {
    const q = `showAll=true&queueIds=${arr([id.masivo])}`;
    const one = await list(q);
    expect(one.nextCursor).toMatch(/^\d+\.\d+$/);
    const two = await list(`${q}&cursor=${one.nextCursor}`);
    expect([...one.tickets, ...two.tickets].map((x) => x.id)).toEqual([...bulk].reverse());
    expect(two.hasMore).toBe(false);
    expect(two.nextCursor).toBeNull();
    // The oldest ticket of page one gets new activity before page two is asked for: it moves to the
    // top (already seen), and page two is still exactly the rest.
    const moved = one.tickets[39].id;
    const [{ updated_at: was }] = (await sql.query(`select updated_at from tickets where id = $1`, [moved])).rows;
    await sql.query(`update tickets set updated_at = now() + interval '1 day' where id = $1`, [moved]);
    try {
      const again = await list(`${q}&cursor=${one.nextCursor}`);
      expect(again.tickets.map((x) => x.id)).toEqual(two.tickets.map((x) => x.id));
      expect((await list(q)).tickets[0].id).toBe(moved);
    } finally {
      await sql.query(`update tickets set updated_at = $2 where id = $1`, [moved, was]);
    }
    expect((await api.get(`/api/tickets?${q}&cursor=12x`, admin)).status).toBe(400);
  });

  it('answers each ticket exactly as GET /tickets/{id} does', async () => {
    const row = (await list('showAll=true')).tickets.find((x) => x.id === t.C);
    expect(row).toEqual((await api.get(`/api/tickets/${t.C}`, admin)).body);
  });

  it('counts the waiting and in-progress lists with the list’s visibility and queue filter', async () => {
    const count = async (q: string, token = admin) => {
      const r = await api.get(`/api/tickets/count?${q}`, token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.count as number;
    };
    expect(await count('status=pending&showAll=true')).toBe(2);
    expect(await count('status=open&showAll=true')).toBe(47);
    expect(await count(`status=open&showAll=true&queueIds=${arr([id.soporte])}`)).toBe(2);
    expect(await count('status=pending&showAll=false')).toBe(1); // D, queueless
    expect(await count('status=open&showAll=false')).toBe(15); // the admin's own bulk tickets
    expect(await count('status=open')).toBe(47);
    expect(await count('status=pending', ana)).toBe(1);
    expect(await count('status=open', ana)).toBe(16); // C and her 15 bulk tickets
    expect(await count('status=pending&showAll=true', beto)).toBe(1); // D; show-all ignored
    expect((await api.get('/api/tickets/count?status=closed', admin)).status).toBe(400);
    expect((await api.get('/api/tickets/count?status=open&queueIds=2', admin)).status).toBe(400);
  });

  it('keeps the counts exact through changes made behind the server (SQL), before and after they are folded (core_0034)', async () => {
    const count = async (q: string, token = admin) => (await api.get(`/api/tickets/count?${q}`, token)).body.count as number;
    /** What count(*) says, for the admin with show-all and for Ana (her queue, her own tickets). */
    const truth = async () => {
      const n = async (where: string, params: unknown[]) => (await sql.query(`select count(*)::int as n from tickets t where t.company_id = $1 and ${where}`, [id.company, ...params])).rows[0].n as number;
      return {
        pending: await n(`t.status = 'pending'`, []),
        open: await n(`t.status = 'open'`, []),
        anaOpen: await n(`t.status = 'open' and (t.queue_id = $2 or t.user_id = $3)`, [id.ventas, id.ana]),
        anaPending: await n(`t.status = 'pending' and (t.queue_id = $2 or t.user_id = $3)`, [id.ventas, id.ana]),
      };
    };
    const served = async () => ({
      pending: await count('status=pending&showAll=true'),
      open: await count('status=open&showAll=true'),
      anaOpen: await count('status=open', ana),
      anaPending: await count('status=pending', ana),
    });
    const before = await truth();
    expect(await served()).toEqual(before);
    // A new ticket, a transfer into Ana's queue, an assignment, a status change, a change of nothing counted, a deletion.
    const extra = await ticket({ name: 'Conteo', number: '51977700001', status: 'open', queueId: id.soporte, userId: null, created: '2025-01-01T15:00:00Z', updated: '2025-01-01T15:00:00Z' });
    await sql.query(`update tickets set queue_id = $1 where id = $2`, [id.ventas, extra]);
    await sql.query(`update tickets set user_id = $1, status = 'pending' where id = $2`, [id.ana, t.B]);
    await sql.query(`update tickets set unread_messages = unread_messages + 1, status = status where id = $1`, [t.C]);
    const gone = await ticket({ name: 'Borrado', number: '51977700002', status: 'pending', queueId: id.ventas, userId: null, created: '2025-01-01T15:00:00Z', updated: '2025-01-01T15:00:00Z' });
    await sql.query(`delete from tickets where id = $1`, [gone]);
    const changed = await truth();
    expect(changed).not.toEqual(before);
    expect(await served()).toEqual(changed);
    // Folded into the group totals (every 2 s): the same answers, and no delta left behind for long.
    await expect.poll(async () => (await sql.query(`select count(*)::int as n from ticket_count_deltas`)).rows[0].n, { timeout: 10_000 }).toBe(0);
    expect(await served()).toEqual(changed);
    // As it was, for the tests that follow.
    await sql.query(`update tickets set user_id = $1, status = 'open' where id = $2`, [id.beto, t.B]);
    await sql.query(`delete from messages where ticket_id = $1`, [extra]);
    await sql.query(`delete from tickets where id = $1`, [extra]);
    await sql.query(`delete from contacts where company_id = $1 and number in ('51977700001', '51977700002')`, [id.company]);
    expect(await served()).toEqual(before);
  });

  it('vacuums the deltas table once 10,000 deltas were folded, so a count does not scan the dead rows it leaves (issue 37 item 4)', async () => {
    const open = async () => (await api.get('/api/tickets/count?status=open&showAll=true', admin)).body.count as number;
    const before = await open();
    // 10,000 deltas that cancel out (a bulk change and its undoing), as a bulk import or a campaign leaves.
    await sql.query(
      `insert into ticket_count_deltas (company_id, status, queue_id, user_id, delta)
       select $1, 'open', $2, null, case when g % 2 = 0 then 1 else -1 end from generate_series(1, 10000) g`,
      [id.company, id.soporte],
    );
    expect(await open()).toBe(before);
    await expect.poll(async () => (await sql.query(`select count(*)::int as n from ticket_count_deltas`)).rows[0].n, { timeout: 10_000 }).toBe(0);
    const vacuumed = async () => (await sql.query(`select last_vacuum is not null as done, n_dead_tup from pg_stat_user_tables where relname = 'ticket_count_deltas'`)).rows[0];
    await expect.poll(async () => (await vacuumed()).done, { timeout: 10_000 }).toBe(true);
    expect(await open()).toBe(before);
  });

  it('costs the same number of SQL statements for a page of 1 ticket as for a full page', async () => {
    /** Statements the server ran for one request; the least of three, so a stray background query cannot count. */
    const statements = async (path: string, token = admin) => {
      const seen: number[] = [];
      for (let i = 0; i < 3; i++) {
        const before = proxy.statements();
        expect((await api.get(path, token)).status).toBe(200);
        seen.push(proxy.statements() - before);
      }
      return Math.min(...seen);
    };
    const single = await statements(`/api/tickets?showAll=true&users=${arr([id.beto])}&status=open&queueIds=${arr([id.soporte])}`);
    const full = await statements(`/api/tickets?showAll=true&queueIds=${arr([id.masivo])}`);
    expect((await list(`showAll=true&queueIds=${arr([id.masivo])}`)).tickets).toHaveLength(40);
    expect(full).toBe(single);
    // Agents' pages cost the same whatever they filter by.
    expect(await statements(`/api/tickets?queueIds=${arr([id.masivo])}`, ana)).toBe(await statements(`/api/tickets?users=${arr([id.beto])}`, ana));
    const search = await statements('/api/tickets?showAll=true&searchParam=a');
    expect(search).toBe(single);
    // The page's own statement and nothing else: the user, company and queues come from the session cache (issue 13 item 2).
    expect(full).toBe(1);
    expect(await statements(`/api/tickets?queueIds=${arr([id.masivo])}`, ana)).toBe(1);
  });

  it('runs pages as prepared statements, parsed once per connection, that stay within the caller’s company', async () => {
    const otherAdmin = (await api.login('admin@otra.test', PW)).token; // one session per user: a fresh one
    const ids = async (path: string, token: string) => ((await list(path, token)).tickets as { id: number }[]).map((x) => x.id);
    const mine = await ids('status=pending&showAll=true', admin);
    expect(mine).toContain(t.A);
    expect(mine).not.toContain(otherTicket);
    // Both companies run the same statement text; past five runs PostgreSQL may switch to a generic plan.
    for (let i = 0; i < 8; i++) {
      expect(await ids('status=pending&showAll=true', admin)).toEqual(mine);
      expect(await ids('status=pending&showAll=true', otherAdmin)).toEqual([otherTicket]);
      expect((await api.get(`/api/messages/${otherTicket}`, admin)).status).toBe(404);
      const page = await api.get(`/api/messages/${otherTicket}`, otherAdmin);
      expect(page.status).toBe(200);
      expect(page.body.messages.map((m: { body: string }) => m.body)).toEqual(['el catálogo por favor']);
      expect((await api.get(`/api/messages/${t.A}`, otherAdmin)).status).toBe(404);
    }
    // Run again, a page is bound and executed, not parsed (least of three: a background query may take the connection).
    const parses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const before = proxy.namedParses();
      await list('status=pending&showAll=true', admin);
      expect((await api.get(`/api/messages/${t.A}`, admin)).status).toBe(200);
      parses.push(proxy.namedParses() - before);
    }
    expect(Math.min(...parses)).toBe(0);
    // The first run on a connection did parse by name: the mechanism is on (not merely unnamed statements).
    expect(proxy.namedParses()).toBeGreaterThan(0);
  });
});
