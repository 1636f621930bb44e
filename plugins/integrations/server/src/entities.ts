import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A queue integration. The type's fields live in `config` (so a third party's type needs no migration). */
export const IntegrationEntity = defineEntity({
  name: 'IntegrationsIntegration',
  tableName: 'integrations_integrations',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().index(),
    type: p.string().length(50),
    name: p.string().length(50),
    isActive: p.boolean().default(true),
    config: p.json<Record<string, unknown>>(),
    /** `jsonContent` of a type whose JSON is a credential, AES-256-GCM encrypted (crypto.ts). */
    secret: p.text().nullable(),
    imagePath: p.string().length(500).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IntegrationRow = InferEntity<typeof IntegrationEntity>;

/** A ticket's conversation with an integration: its remote session and, after a hand-over, why. */
export const SessionEntity = defineEntity({
  name: 'IntegrationsSession',
  tableName: 'integrations_sessions',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().index(),
    integrationId: p.integer(),
    ticketId: p.integer(),
    status: p.string().length(20).default('active'),
    state: p.json<unknown>().nullable(),
    reason: p.string().length(500).nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type SessionRow = InferEntity<typeof SessionEntity>;

export const ENTITIES = [IntegrationEntity, SessionEntity];
