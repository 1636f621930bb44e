// Fills one company with a busy workspace, for benchmarks and for trying the tickets screen at scale:
//
//   node tooling/seed/workspace.mjs --database-url postgres://…/db [--migrate] [--scale 1]
//
// Defaults (scale 1): 100,000 contacts, 100,000 tickets (20,000 open, 10,000 pending, 70,000 closed,
// over 3 queues), 1,000,000 messages of which about 2 % contain "hello", 10 tags on about a third of
// the tickets. Set-based SQL (generate_series, INSERT … SELECT): about a minute, not an hour.
//
// The database must be migrated by the server first: `--migrate` boots the built server
// (core/server/dist/main.js) against it once, which applies the migrations, then stops it (needs Redis,
// REDIS_URL or 127.0.0.1:6379). The company's admin is admin@workspace.test, its agents
// agent1..3@workspace.test (one per queue), all with the password printed at the end (SEED_PASSWORD).
// Refuses to seed a database that already has that company (prints its ids instead).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PLAN_FLAGS } from '@atende/core-contract';
import { hashPassword } from '@atende/server/password';
import { ROOT, freePort } from '../lib/workspace.mjs';

export const SEED = {
  companyEmail: 'admin@workspace.test',
  adminEmail: 'admin@workspace.test',
  agentEmail: (n) => `agent${n}@workspace.test`,
  password: process.env.SEED_PASSWORD ?? 'Seed-pass-123',
};

/** Boots the built server against the database until /api/health answers, which applies every migration. */
export async function migrate(databaseUrl) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atende-seed-'));
  let output = '';
  const child = spawn(process.execPath, ['core/server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SUPER_PASSWORD: process.env.SUPER_PASSWORD ?? 'Seed-super-123' },
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) while migrating:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status < 600) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Seeds the workspace; returns the company's id and queue ids. `scale` multiplies every count
 * (0.01 gives 1,000 tickets for a quick try).
 */
export async function seedWorkspace(databaseUrl, { scale = 1, log = console.log } = {}) {
  const tickets = Math.round(100_000 * scale);
  const perTicket = 10; // 1,000,000 messages at scale 1
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const step = async (label, sql, params) => {
    const t0 = performance.now();
    const r = await c.query(sql, params);
    log(`  ${label}: ${r.rowCount ?? 0} rows, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return r;
  };
  try {
    const migrated = await c.query(`select 1 from information_schema.tables where table_name = 'atende_migrations'`);
    const applied = migrated.rowCount ? await c.query(`select 1 from atende_migrations where name = 'core_0007_search'`) : { rowCount: 0 };
    if (!applied.rowCount) throw new Error('the database is not migrated: run with --migrate (boots the built server once) or start the server against it first');
    const existing = await c.query(`select id from companies where lower(email) = $1`, [SEED.companyEmail]);
    if (existing.rowCount) {
      const queues = await c.query(`select id from queues where company_id = $1 order by id`, [existing.rows[0].id]);
      log(`already seeded: company ${existing.rows[0].id}`);
      return { companyId: existing.rows[0].id, queueIds: queues.rows.map((r) => r.id), reused: true };
    }
    const started = performance.now();
    log(`seeding ${tickets} contacts, ${tickets} tickets, ${tickets * perTicket} messages…`);
    await c.query('set synchronous_commit = off');
    await c.query('select setseed(0.42)'); // the same data on every run
    await c.query('begin');
    const cols = PLAN_FLAGS.map((f) => f.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`));
    const plan = await c.query(
      `insert into plans (name, value, users, connections, queues, ${cols.join(', ')}) values ('Workspace seed', 0, 50, 5, 10, ${cols.map(() => 'true').join(', ')}) returning id`,
    );
    const company = await c.query(
      `insert into companies (name, email, plan_id, due_date, referral_code) values ('Workspace Seed', $1, $2, now() + interval '10 years', 'seed' || substr(md5(random()::text), 1, 8)) returning id`,
      [SEED.companyEmail, plan.rows[0].id],
    );
    const companyId = company.rows[0].id;
    const hash = await hashPassword(SEED.password);
    await c.query(`insert into users (company_id, name, email, password_hash, profile) values ($1, 'Admin Seed', $2, $3, 'admin') returning id`, [companyId, SEED.adminEmail, hash]);
    const queueIds = [];
    const agentIds = [];
    for (const [i, [name, color]] of [['Ventas', '#e91e63'], ['Soporte', '#3f51b5'], ['Cobranzas', '#4caf50']].entries()) {
      const q = await c.query(`insert into queues (company_id, name, color) values ($1, $2, $3) returning id`, [companyId, name, color]);
      queueIds.push(q.rows[0].id);
      const u = await c.query(`insert into users (company_id, name, email, password_hash, profile) values ($1, $2, $3, $4, 'user') returning id`, [companyId, `Agente ${i + 1}`, SEED.agentEmail(i + 1), hash]);
      agentIds.push(u.rows[0].id);
      await c.query(`insert into user_queues (user_id, queue_id) values ($1, $2)`, [u.rows[0].id, q.rows[0].id]);
    }
    const wa = await c.query(`insert into whatsapps (company_id, name, provider, is_default) values ($1, 'Principal', 'sandbox', true) returning id`, [companyId]);
    const whatsappId = wa.rows[0].id;
    await c.query(
      `insert into tags (company_id, name, color) select $1, 'Etiqueta ' || g, '#' || lpad(to_hex((g * 2654435) % 16777215), 6, '0') from generate_series(1, 10) g`,
      [companyId],
    );
    await c.query('commit');

    await step(
      'contacts',
      `insert into contacts (company_id, name, number, whatsapp_id, created_at, updated_at)
       select $1,
              (array['Ana','Bruno','Carla','Diego','Elena','Fabio','Gabriela','Hugo','Irene','Jorge','Karina','Luis','María','Nicolás','Olga','Pablo','Rosa','Sergio','Teresa','Víctor'])[1 + g % 20]
                || ' ' || (array['García','Rodríguez','Quispe','Flores','Sánchez','Torres','Ramírez','Mendoza','Castillo','Vargas','Rojas','Huamán','Chávez','Díaz','Romero'])[1 + (g / 20) % 15]
                || ' ' || g,
              '519' || lpad(g::text, 8, '0'), $2, now() - interval '400 days', now() - interval '400 days'
         from generate_series(1, $3::int) g`,
      [companyId, whatsappId, tickets],
    );
    // One ticket per contact: the first 20 % open (assigned to their queue's agent), the next 10 %
    // pending (some unread), the rest closed. Open and pending ones are recent; closed ones spread over a year.
    await step(
      'tickets',
      `insert into tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, unread_messages, created_at, updated_at)
       select $1, x.id, $2, (($3::int[]))[1 + x.i % 3],
              case when x.i <= $5::int * 0.2 or x.i > $5::int * 0.3 then (($4::int[]))[1 + x.i % 3] end,
              case when x.i <= $5::int * 0.2 then 'open' when x.i <= $5::int * 0.3 then 'pending' else 'closed' end,
              case when x.i > $5::int * 0.2 and x.i <= $5::int * 0.3 and x.i % 2 = 0 then 1 + x.i % 3 else 0 end,
              x.created, least(now(), x.created + random() * interval '2 days')
         from (select c.id, row_number() over (order by c.id) as i,
                      now() - case when row_number() over (order by c.id) <= $5::int * 0.3 then random() * interval '7 days' else random() * interval '365 days' end as created
                 from contacts c where c.company_id = $1) x`,
      [companyId, whatsappId, queueIds, agentIds, tickets],
    );
    // Ten messages per ticket spread between its creation and last update, alternating customer and agent;
    // about 2 % of them say "hello" (case varies), the others come from a list of everyday phrases.
    await step(
      'messages',
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, read, ack, created_at, updated_at)
       select $1, t.id, t.contact_id, t.whatsapp_id, case when k % 2 = 0 then t.user_id end,
              case when random() < 0.02 then (array['hello, ', 'Hello! ', 'hello '])[1 + k % 3] else '' end
                || (array['Buenos días, quisiera información sobre el producto', 'Cuánto cuesta el envío a Arequipa',
                          'Gracias por su ayuda', 'Mi pedido no ha llegado todavía', 'Puedo pagar con tarjeta o transferencia',
                          'Le envío el comprobante de pago', 'A qué hora abren mañana', 'Necesito cambiar la dirección de entrega',
                          'El código de seguimiento no funciona', 'Perfecto, quedo atento', 'Tienen stock en talla M',
                          'Por favor confirme mi reserva', 'Ya realicé la transferencia', 'Hay alguna promoción esta semana',
                          'Quiero hablar con un asesor', 'La factura sale a nombre de la empresa'])[1 + (random() * 15)::int]
                || ' ' || substr(md5(t.id::text || '-' || k), 1, 6),
              k % 2 = 0, true, case when k % 2 = 0 then 3 else 0 end,
              t.created_at + (t.updated_at - t.created_at) * k / ${perTicket},
              t.created_at + (t.updated_at - t.created_at) * k / ${perTicket}
         from tickets t cross join generate_series(1, ${perTicket}) k
        where t.company_id = $1
        order by t.id, k`,
      [companyId],
    );
    await step(
      'last messages',
      `update tickets t set last_message = m.body
         from (select distinct on (ticket_id) ticket_id, body from messages where company_id = $1 order by ticket_id, id desc) m
        where m.ticket_id = t.id`,
      [companyId],
    );
    // Tags on about a third of the tickets, one to three each.
    await step(
      'ticket tags',
      `insert into ticket_tags (ticket_id, tag_id)
       select distinct t.id, g.id
         from tickets t
         join lateral (select id from tags where company_id = $1 order by id) g on true
        where t.company_id = $1 and t.id % 3 = 0 and (g.id % 10 = t.id % 10 or (t.id % 9 = 0 and g.id % 10 = (t.id + 3) % 10) or (t.id % 27 = 0 and g.id % 10 = (t.id + 7) % 10))`,
      [companyId],
    );
    // Fresh statistics, and the visibility map that lets the list walk its index without the table.
    await step('vacuum analyze', 'vacuum analyze contacts, tickets, messages, ticket_tags, tags');
    log(`seeded company ${companyId} in ${((performance.now() - started) / 1000).toFixed(1)} s; sign in as ${SEED.adminEmail} / ${SEED.password}`);
    return { companyId, queueIds, reused: false };
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, migrate: { type: 'boolean', default: false }, scale: { type: 'string', default: '1' } },
  });
  const url = values['database-url'] ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('usage: node tooling/seed/workspace.mjs --database-url postgres://user:pass@host:port/db [--migrate] [--scale 1]');
    process.exit(2);
  }
  try {
    if (values.migrate) {
      console.log('migrating through the built server…');
      await migrate(url);
    }
    await seedWorkspace(url, { scale: Number(values.scale) });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
