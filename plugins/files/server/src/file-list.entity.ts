import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Tenant-owned: every row carries companyId and every query filters by it. */
export const FileListSchema = defineEntity({
  name: 'FileList',
  tableName: 'file_lists',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    /** Who created it; null once that user is gone. */
    userId: p.integer().nullable(),
    name: p.string().length(255),
    message: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type FileListRow = InferEntity<typeof FileListSchema>;

/** An option of a list. companyId is repeated so every query (and the media's owner) is by company alone. */
export const FileOptionSchema = defineEntity({
  name: 'FileOption',
  tableName: 'file_list_options',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    fileListId: p.integer(),
    name: p.string().length(255),
    /** Order in the list (the order the client sent). */
    position: p.integer().default(0),
    /** The Media port's url (`/api/media/<uuid>.<ext>`), served by the kernel to this company's users. */
    mediaUrl: p.string().length(255).nullable(),
    mediaType: p.string().length(255).nullable(),
    mediaName: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type FileOptionRow = InferEntity<typeof FileOptionSchema>;
