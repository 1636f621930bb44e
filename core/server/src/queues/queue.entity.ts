import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { type ScheduleEntry } from '@atende/core-contract';

/** Columns are snake_case (MikroORM's default naming); tables come from database/migrations. */

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
    /** The plugin record this queue is bound to (core_0016; see HANDLER_BINDINGS). */
    boundPlugin: p.string().length(60).nullable(),
    boundRef: p.integer().nullable(),
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
