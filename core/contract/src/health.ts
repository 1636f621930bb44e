import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().nullable() }),
  /**
   * `persistence`: whether Redis keeps what it holds (the inbound inbox, the channel inboxes) across a
   * restart: 'aof' (append-only file), 'none' (then `status` is 'degraded', still HTTP 200), 'unknown'
   * (INFO not allowed on this Redis).
   */
  redis: z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().nullable(), persistence: z.enum(['aof', 'none', 'unknown']).optional() }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/health/live: the process answers (no dependency is asked; a container restart is the remedy). */
export const healthLiveResponseSchema = z.object({ status: z.literal('ok') });
export type HealthLiveResponse = z.infer<typeof healthLiveResponseSchema>;

/**
 * GET /api/health/ready: 200 when this instance should receive traffic, 503 otherwise. Each check says
 * why: PostgreSQL and Redis answer, Redis keeps an append-only file, every migration is applied, and the
 * process is not draining (shutting down).
 */
export const healthReadyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.boolean(),
    redis: z.boolean(),
    redisPersistence: z.boolean(),
    migrations: z.boolean(),
    draining: z.boolean(),
  }),
});
export type HealthReadyResponse = z.infer<typeof healthReadyResponseSchema>;
