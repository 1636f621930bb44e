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
