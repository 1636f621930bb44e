import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Platform-wide (see the contract): no company column of its own. The image is a file the Media port
 * keeps for the writer's company (`mediaCompanyId`), read back only through this plugin's media route.
 */
export const AnnouncementSchema = defineEntity({
  name: 'Announcement',
  tableName: 'announcements',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().length(150),
    text: p.text(),
    priority: p.smallint().default(3),
    status: p.boolean().default(true),
    /** The Media port's url of the image (`/api/media/<uuid>.<ext>`), never sent to the browser. */
    mediaUrl: p.string().length(255).nullable(),
    mediaName: p.string().length(255).nullable(),
    mediaCompanyId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type AnnouncementRow = InferEntity<typeof AnnouncementSchema>;
