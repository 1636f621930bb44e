import { z } from 'zod';
import { partialUpdate } from './partial-update.js';
import { PLAN_FEATURE_PATTERN, PLAN_FLAGS } from './plans.js';
import { localizedTextSchema } from './plugins.js';

/** Plans (commercial-admin §3). */

const flagsShape = Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean()])) as Record<(typeof PLAN_FLAGS)[number], z.ZodBoolean>;
export const planFlagsSchema = z.object(flagsShape);

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.number(),
  users: z.number().int(),
  connections: z.number().int(),
  queues: z.number().int(),
  /** Tenants may choose it (sign-up, checkout, plan changes); the platform's own plan never is. */
  offered: z.boolean(),
  /** A new company on this plan is due today + these days. */
  trialDays: z.number().int(),
  ...flagsShape,
  /** Features declared by installed plugins (not the spec's flags), by name. */
  features: z.record(z.string(), z.boolean()).optional(),
});
export type Plan = z.infer<typeof planSchema>;

export const planInputSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(100, 'too_long'),
  value: z.coerce.number().min(0).max(1_000_000),
  users: z.coerce.number().int().min(0).max(100000),
  connections: z.coerce.number().int().min(0).max(100000),
  queues: z.coerce.number().int().min(0).max(100000),
  offered: z.boolean().default(true),
  trialDays: z.coerce.number().int().min(0).max(365).default(30),
  // The form offers every flag enabled by default (commercial-admin §3).
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean().default(true)])) as Record<(typeof PLAN_FLAGS)[number], z.ZodDefault<z.ZodBoolean>>),
  /** Plugins' declared features; the server refuses a name no installed plugin declares. Omitted ones: on when created, unchanged when updated. */
  features: z.record(z.string().regex(PLAN_FEATURE_PATTERN, 'invalid_feature'), z.boolean()).optional(),
});
export const planUpdateSchema = partialUpdate(planInputSchema);
export type PlanInput = z.input<typeof planInputSchema>;

/** A plan feature an installed plugin declares (`GET /api/plugins/plan-features`), for the plan form. */
export const planFeatureSchema = z.object({ key: z.string(), plugin: z.string(), label: localizedTextSchema });
export type PlanFeatureInfo = z.infer<typeof planFeatureSchema>;
export const planFeatureListSchema = z.array(planFeatureSchema);
