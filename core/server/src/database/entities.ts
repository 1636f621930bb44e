import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PROFILES, LANGUAGES, RECURRENCES, ALL_TICKET, type ScheduleEntry } from '@atende/core-contract';
import { CHANNEL_ENTITIES } from './channel-entities.js';

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
    recurrence: p.enum(RECURRENCES).default('MENSAL'),
    campaignsEnabled: p.boolean().default(true),
    trialExpiration: p.datetime().nullable(),
    coins: p.integer().default(0),
    referralCode: p.string().length(40),
    referredById: p.integer().nullable(),
    schedules: p.json<ScheduleEntry[]>().onCreate(() => []),
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
    allTicket: p.enum(ALL_TICKET).default('desabled'),
    whatsappId: p.integer().nullable(),
    enabled: p.boolean().default(true),
    online: p.boolean().default(false),
    lastSeenAt: p.datetime().nullable(),
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

export const QueueSchema = defineEntity({
  name: 'Queue',
  tableName: 'queues',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string().length(50),
    color: p.string().length(9),
    greetingMessage: p.text().default(''),
    outOfHoursMessage: p.text().default(''),
    orderQueue: p.integer().nullable(),
    schedules: p.json<ScheduleEntry[]>().onCreate(() => []),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type Queue = InferEntity<typeof QueueSchema>;

/** Which queues a user works (plain join rows; the tenant check is on both ends). */
export const UserQueueSchema = defineEntity({
  name: 'UserQueue',
  tableName: 'user_queues',
  properties: {
    userId: p.integer().primary(),
    queueId: p.integer().primary(),
  },
});
export type UserQueue = InferEntity<typeof UserQueueSchema>;

/** One row per refresh token issued; a family is one sign-in, rotated on every refresh. */
export const RefreshTokenSchema = defineEntity({
  name: 'RefreshToken',
  tableName: 'refresh_tokens',
  properties: {
    id: p.uuid().primary(),
    userId: p.integer(),
    family: p.uuid(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type RefreshToken = InferEntity<typeof RefreshTokenSchema>;

export const PasswordResetSchema = defineEntity({
  name: 'PasswordReset',
  tableName: 'password_resets',
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.integer(),
    codeHash: p.string().length(128),
    expiresAt: p.datetime(),
    attempts: p.integer().default(0),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type PasswordReset = InferEntity<typeof PasswordResetSchema>;

export const GlobalSettingSchema = defineEntity({
  name: 'GlobalSetting',
  tableName: 'global_settings',
  properties: {
    key: p.string().length(100).primary(),
    value: p.text(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type GlobalSetting = InferEntity<typeof GlobalSettingSchema>;

export const KERNEL_ENTITIES = [
  ...CHANNEL_ENTITIES,
  PlanSchema,
  CompanySchema,
  UserSchema,
  SettingSchema,
  QueueSchema,
  UserQueueSchema,
  RefreshTokenSchema,
  PasswordResetSchema,
  GlobalSettingSchema,
];
