import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

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
