import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER, client, createDatabase, eventually, sandbox, startServer, twoCompanies, type RunningServer } from '../support/server.js';
import { startPrivateRedis, type PrivateRedis } from '../support/redis-server.js';

/**
 * Issue 35 items 3-5 through the HTTP API: liveness and readiness, Prometheus metrics behind a token,
 * a request id on every request carried into the jobs it queues, JSON log lines with company and user,
 * and nothing a customer or agent wrote, nor a token, in the logs.
 */
const METRICS_TOKEN = 'ops-metrics-token-0123456789';
const CUSTOMER_TEXT = 'hola, mi clave es secreto-4242';
const AGENT_TEXT = 'respuesta privada 7777';

const jsonLines = (s: RunningServer) =>
  s
    .logs()
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('operations: health, metrics, request ids, logs', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let redis: PrivateRedis;
  let s: RunningServer;
  let api: ReturnType<typeof client>;
  let admin: string;
  let companyId: number;
  let conn: number;
  let sentStatus = 0;

  beforeAll(async () => {
    db = await createDatabase();
    redis = await startPrivateRedis({ aof: true });
    s = await startServer({
      databaseUrl: db.url,
      env: { REDIS_URL: redis.url, METRICS_TOKEN, LOG_LEVEL: 'debug', LOG_FORMAT: 'json', DRAIN_DELAY_MS: '4000' },
    });
    api = client(s.url);
    ({ admin, companyId } = await twoCompanies(api));
    conn = await sandbox(api, admin).connect('Principal');
  });
  afterAll(async () => {
    await s?.stop();
    await redis?.stop();
    await db?.drop();
  });

  it('live answers; ready lists every check and is 200; /api/health keeps its shape', async () => {
    expect(await api.get('/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await api.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: true, redis: true, redisPersistence: true, migrations: true, draining: false } });
    expect((await api.get('/api/health')).body).toMatchObject({ status: 'ok', database: { status: 'up' }, redis: { status: 'up', persistence: 'aof' } });
  });

  it('every answer carries a request id: a well-formed incoming one is kept, anything else replaced', async () => {
    const own = (await api.get('/api/health/live')).headers.get('x-request-id');
    expect(own).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api.get('/api/health/live', undefined)).headers.get('x-request-id')).not.toBe(own);
    const kept = await fetch(`${s.url}/api/plugins`, { headers: { 'x-request-id': 'edge-proxy-id-42' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-proxy-id-42');
    const replaced = await fetch(`${s.url}/api/plugins`, { headers: { 'x-request-id': 'not an id <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs are JSON with request id, company and user; the id follows into the job the request queued; no text or token is logged', async () => {
    const sb = sandbox(api, admin);
    await sb.say(conn, '51911122233', CUSTOMER_TEXT);
    const ticket = await eventually(async () => (await api.get('/api/tickets?status=pending', admin)).body.tickets?.[0]);
    expect((await api.put(`/api/tickets/${ticket.id}`, { status: 'open' }, admin)).status).toBe(200);
    const sent = await fetch(`${s.url}/api/messages/${ticket.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'x-request-id': 'ops-send-000001' },
      body: JSON.stringify({ body: AGENT_TEXT }),
    });
    expect(sent.status).toBeLessThan(300);
    sentStatus = sent.status;
    await eventually(async () => (await sb.outbox(conn, '51911122233')).includes(AGENT_TEXT));

    const me = (await api.get('/api/auth/me', admin)).body;
    const lines = jsonLines(s);
    const access = lines.find((l) => l.requestId === 'ops-send-000001' && l.context === 'HTTP');
    expect(access).toMatchObject({ level: 'info', method: 'POST', route: '/api/messages/:ticketId', companyId, userId: me.id ?? me.user?.id });
    // The outbound job ran in a worker, later, under the request's id, company and user.
    const job = lines.find((l) => l.requestId === 'ops-send-000001' && l.context === 'Jobs');
    expect(job).toMatchObject({ level: 'debug', companyId });
    expect(String(job!.msg)).toMatch(/^outbound-/);

    const all = s.logs();
    for (const secret of [CUSTOMER_TEXT, AGENT_TEXT, admin, SUPER.password]) expect(all).not.toContain(secret);
  });

  it('/metrics needs its token, then answers Prometheus text with the promised series', async () => {
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789abc' } })).status).toBe(401);
    const scrape = async () => {
      const r = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return r.text();
    };
    const value = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}"=.:/]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    const text = await scrape();
    expect(value(text, `atende_http_request_duration_seconds_count{method="POST",route="/api/messages/:ticketId",status="${sentStatus}"}`)).toBe(1);
    expect(value(text, 'atende_messages_total{direction="inbound"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'atende_messages_total{direction="outbound"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'atende_sessions{provider="sandbox",state="CONNECTED"}')).toBe(1);
    expect(text).toMatch(/^atende_queue_jobs\{queue="[^"]+",state="waiting"\} \d+$/m);
    expect(text).toMatch(/^# TYPE atende_jobs_failed_total counter$/m);
    expect(value(text, 'atende_sockets_open')).toBe(0);
    expect(value(text, 'atende_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    // Never a raw URL as a label (ids would explode the series).
    expect(text).not.toMatch(/route="\/api\/messages\/\d+"/);
  });

  it('on SIGTERM, ready turns 503 (draining) while live still answers, before the server stops', async () => {
    s.process.kill('SIGTERM');
    const ready = await eventually(async () => {
      const r = await api.get('/api/health/ready');
      return r.status === 503 ? r : null;
    }, 3000);
    expect(ready.body).toMatchObject({ status: 'not_ready', checks: { draining: true, database: true } });
    expect((await api.get('/api/health/live')).status).toBe(200);
  });
});

describe('operations: a Redis without persistence, metrics off', () => {
  it('ready is 503 naming redisPersistence; /metrics is 404 without METRICS_TOKEN', async () => {
    const db = await createDatabase();
    const redis = await startPrivateRedis({ aof: false });
    const s = await startServer({ databaseUrl: db.url, env: { REDIS_URL: redis.url } });
    try {
      const api = client(s.url);
      const ready = await api.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'not_ready', checks: { database: true, redis: true, redisPersistence: false, migrations: true, draining: false } });
      expect((await api.get('/api/health/live')).status).toBe(200);
      const metrics = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(metrics.status).toBe(404);
      expect(await metrics.json()).toMatchObject({ error: 'ERR_NOT_FOUND' });
    } finally {
      await s.stop();
      await redis.stop();
      await db.drop();
    }
  });
});
