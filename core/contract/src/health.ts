import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().nullable() }),
  redis: z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().nullable() }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
