import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

export const PlanSchema = defineEntity({
  name: 'Plan',
  tableName: 'plans',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100).unique(),
    value: p.decimal('number').default(0),
    users: p.integer().default(0),
    connections: p.integer().default(0),
    queues: p.integer().default(0),
    /** Whether tenants may choose it (sign-up, checkout, plan changes); never the platform's plan. */
    offered: p.boolean().default(true),
    /** A new company on this plan is due today + these days. */
    trialDays: p.integer().default(30),
    useCampaigns: p.boolean().default(true),
    useSchedules: p.boolean().default(true),
    useInternalChat: p.boolean().default(true),
    useExternalApi: p.boolean().default(true),
    useKanban: p.boolean().default(true),
    useOpenAi: p.boolean().default(true),
    useIntegrations: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Plan = InferEntity<typeof PlanSchema>;
