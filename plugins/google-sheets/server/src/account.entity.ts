import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A company's Google connection (one per company, §7 auth-status is per company). Tokens are stored
 * encrypted (google/crypto.ts); `integrationId` is the googlesheets-auth integration it was made for.
 */
export const GoogleAccountEntity = defineEntity({
  name: 'GoogleSheetsAccount',
  tableName: 'google_sheets_accounts',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().unique(),
    integrationId: p.integer().nullable(),
    integrationName: p.string().length(100).nullable(),
    userId: p.integer(),
    accessToken: p.text(),
    refreshToken: p.text().nullable(),
    expiresAt: p.datetime().nullable(),
    scope: p.string().length(500).nullable(),
    refreshedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type GoogleAccount = InferEntity<typeof GoogleAccountEntity>;
