import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Tenant-owned: every row carries companyId (the kernel's tenant filter applies). The row is the truth
 * for delivery: the BullMQ job only says "look at schedule N at time T" and sends only what the row
 * still asks for.
 */
export const ScheduleEntity = defineEntity({
  name: 'Schedule',
  tableName: 'schedules',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    contactId: p.integer(),
    userId: p.integer().nullable(),
    body: p.text(),
    sendAt: p.datetime(),
    sentAt: p.datetime().nullable(),
    status: p.string().length(10).default('pending'),
    error: p.string().length(255).nullable(),
    attempts: p.integer().default(0),
    whatsappId: p.integer().nullable(),
    ticketId: p.integer().nullable(),
    messageId: p.integer().nullable(),
    /** The Media port's url of the image (`/api/media/<uuid>.<ext>`), never sent to the browser. */
    mediaUrl: p.string().length(255).nullable(),
    mediaName: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type ScheduleRow = InferEntity<typeof ScheduleEntity>;
