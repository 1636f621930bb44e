import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { RECURRENCES, type ScheduleEntry } from '@atende/core-contract';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

export const CompanySchema = defineEntity({
  name: 'Company',
  tableName: 'companies',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(120),
    email: p.string().length(254).nullable(),
    phone: p.string().length(30).nullable(),
    planId: p.integer().nullable(),
    status: p.boolean().default(true),
    /** Null for the platform company, which never expires. */
    dueDate: p.datetime().nullable(),
    isPlatform: p.boolean().default(false),
    recurrence: p.enum(RECURRENCES).default('MENSAL'),
    campaignsEnabled: p.boolean().default(true),
    trialExpiration: p.datetime().nullable(),
    /** AI credits (spec: creditos), never negative. */
    credits: p.integer().default(0),
    // The `coins` column is no longer mapped: coins live in the billing plugin's ledger (its migration
    // copied the balances); a later kernel migration drops the column.
    referralCode: p.string().length(40),
    referredById: p.integer().nullable(),
    schedules: p.json<ScheduleEntry[]>().onCreate(() => []),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Company = InferEntity<typeof CompanySchema>;
