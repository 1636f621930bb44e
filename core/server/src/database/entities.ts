import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PROFILES, LANGUAGES } from '@atende/core-contract';

/** Kernel entities. Columns are snake_case (MikroORM's default naming), created by migrations/. */

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
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Company = InferEntity<typeof CompanySchema>;

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().index(),
    name: p.string().length(100),
    email: p.string().length(254).unique(),
    passwordHash: p.string().length(255).hidden().lazy(),
    profile: p.enum(PROFILES).default('user'),
    super: p.boolean().default(false),
    language: p.enum(LANGUAGES).nullable(),
    /** Bumped to revoke every token the user holds (password change, disable, delete). */
    tokenVersion: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type User = InferEntity<typeof UserSchema>;

export const SettingSchema = defineEntity({
  name: 'Setting',
  tableName: 'settings',
  uniques: [{ properties: ['companyId', 'key'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    key: p.string().length(100),
    value: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Setting = InferEntity<typeof SettingSchema>;

export const KERNEL_ENTITIES = [PlanSchema, CompanySchema, UserSchema, SettingSchema];
