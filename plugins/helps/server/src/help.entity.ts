import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const HelpSchema = defineEntity({
  name: 'Help',
  tableName: 'helps',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().length(120),
    video: p.string().length(32),
    description: p.text().default(''),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type HelpRow = InferEntity<typeof HelpSchema>;
