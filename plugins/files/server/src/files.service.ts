import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError, MEDIA, TENANCY, ZodPipe, containsPattern, type AuthUser, type Media, type ReceivedFile, type Tenancy } from '@atende/sdk-server';
import {
  FILE_LIST_MAX_OPTIONS,
  FILES_ERRORS,
  FILES_PAGE_SIZE,
  FILES_SELECT_LIMIT,
  fileMediaLimit,
  fileUploadFieldsSchema,
  type FileList,
  type FileListName,
  type FileListPage,
  type FileListUpdate,
  type FileOptionInput,
} from '@atende/plugin-files-contract';
import { FileListSchema, FileOptionSchema, type FileListRow, type FileOptionRow } from './file-list.entity.js';
import { FilesRealtime } from './files.realtime.js';

export interface FileListData {
  name: string;
  message: string;
  options: FileOptionInput[];
}

const notFound = () => AppError.notFound(FILES_ERRORS.notFound, 'File list not found.');
const optionNotFound = () => AppError.notFound(FILES_ERRORS.optionNotFound, 'File list option not found.');
const nameInUse = () => AppError.conflict(FILES_ERRORS.nameInUse, 'A file list with this name already exists.');
const uploadFields = new ZodPipe(fileUploadFieldsSchema);

type Media_ = { companyId: number; url: string };

export const toDto = (list: FileListRow, options: FileOptionRow[]): FileList => ({
  id: list.id,
  name: list.name,
  message: list.message,
  userId: list.userId ?? null,
  options: options
    .filter((o) => o.fileListId === list.id)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((o) => ({ id: o.id, name: o.name, path: o.mediaUrl ?? null, mediaType: o.mediaType ?? null, fileName: o.mediaName ?? null })),
  createdAt: list.createdAt.toISOString(),
  updatedAt: list.updatedAt.toISOString(),
});

/** Every read and write is by the signed-in user's company: another company's id is "not found". */
@Injectable()
export class FilesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(MEDIA) private readonly media: Media,
    private readonly live: FilesRealtime,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
  ) {}

  async page(companyId: number, searchParam: string, pageNumber: number): Promise<FileListPage> {
    const where = { companyId, ...(searchParam ? { name: { $ilike: containsPattern(searchParam) } } : {}) };
    const [rows, count] = await this.em.findAndCount(FileListSchema, where, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: FILES_PAGE_SIZE,
      offset: (pageNumber - 1) * FILES_PAGE_SIZE,
    });
    const options = rows.length ? await this.em.find(FileOptionSchema, { companyId, fileListId: { $in: rows.map((r) => r.id) } }) : [];
    return { files: rows.map((r) => toDto(r, options)), count, hasMore: count > pageNumber * FILES_PAGE_SIZE };
  }

  async names(companyId: number): Promise<FileListName[]> {
    const rows = await this.em.find(FileListSchema, { companyId }, { fields: ['id', 'name'], orderBy: { name: 'asc', id: 'asc' }, limit: FILES_SELECT_LIMIT });
    return rows.map((r) => ({ id: r.id, name: r.name }));
  }

  async show(companyId: number, id: number): Promise<FileList> {
    return this.dto(await this.find(companyId, id));
  }

  /**
   * The list outside a request (a flow step run by the flow builder's engine), on the company's
   * tenant-filtered EntityManager; null when it is not the company's (or gone).
   */
  async showFor(companyId: number, id: number): Promise<FileList | null> {
    return this.tenancy.forCompany(companyId, async (em) => {
      const row = await em.findOne(FileListSchema, { id, companyId });
      return row ? toDto(row, await em.find(FileOptionSchema, { companyId, fileListId: id })) : null;
    });
  }

  async create(user: AuthUser, data: FileListData): Promise<FileList> {
    await this.ensureFreeName(user.companyId, data.name, null);
    const list = await this.saving(() =>
      this.em.transactional(async (em) => {
        const row = em.create(FileListSchema, { companyId: user.companyId, userId: user.id, name: data.name, message: data.message });
        await em.flush();
        data.options.forEach((o, position) => em.create(FileOptionSchema, { companyId: user.companyId, fileListId: row.id, name: o.name, position, mediaUrl: null, mediaType: null, mediaName: null }));
        await em.flush();
        return row;
      }),
    );
    const dto = await this.dto(list);
    this.live.changed(user.companyId, 'create', dto);
    return dto;
  }

  /**
   * Partial: only the fields sent change. `options`, when sent, is the whole new set: ones with an id of
   * this list are renamed and reordered, ones without are added, the others removed with their media.
   */
  async update(companyId: number, id: number, data: FileListUpdate): Promise<FileList> {
    const list = await this.find(companyId, id);
    if (data.name !== undefined) await this.ensureFreeName(companyId, data.name, id);
    const dropped: Media_[] = [];
    await this.saving(() =>
      this.em.transactional(async (em) => {
        // Locked: an upload or delete of this list waits, so the options read here are the ones replaced.
        const row = await this.lockList(em, companyId, list.id);
        if (data.name !== undefined) row.name = data.name;
        if (data.message !== undefined) row.message = data.message;
        if (data.options) {
          const current = await em.find(FileOptionSchema, { companyId, fileListId: id }, { refresh: true });
          const byId = new Map(current.map((o) => [o.id, o]));
          const kept = new Set<number>();
          data.options.forEach((o, position) => {
            if (o.id === undefined) {
              em.create(FileOptionSchema, { companyId, fileListId: id, name: o.name, position, mediaUrl: null, mediaType: null, mediaName: null });
              return;
            }
            const existing = byId.get(o.id);
            // An id of another list (or company) is refused, not silently turned into a new option.
            if (!existing || kept.has(o.id)) throw AppError.validation([{ path: `options.${position}.id`, message: 'invalid_value' }]);
            kept.add(o.id);
            em.assign(existing, { name: o.name, position });
          });
          for (const o of current) {
            if (kept.has(o.id)) continue;
            if (o.mediaUrl) dropped.push({ companyId, url: o.mediaUrl });
            em.remove(o);
          }
          // The list changed even when only its options did (its updatedAt tells clients).
          row.updatedAt = new Date();
        }
        await em.flush();
      }),
    );
    await this.forget(dropped);
    const dto = await this.dto(await this.find(companyId, id));
    this.live.changed(companyId, 'update', dto);
    return dto;
  }

  /** Deletes the list, its options and their stored media. */
  async remove(companyId: number, id: number): Promise<void> {
    const urls = await this.em.transactional(async (em) => {
      // Locked first, so an upload to this list either committed before (its file is in `returning`)
      // or runs after and finds no list.
      await this.lockList(em, companyId, id);
      const gone: { media_url: string | null }[] = await em
        .getConnection()
        .execute(
          'delete from file_list_options where company_id = ? and file_list_id = ? returning media_url',
          [companyId, id],
          'all',
          em.getTransactionContext(),
        );
      await em.nativeDelete(FileListSchema, { id, companyId });
      return gone.flatMap((o): string[] => (o.media_url ? [o.media_url] : []));
    });
    // The rows are gone: a file that cannot be removed now is only disk space, not a failed delete.
    await this.forget(urls.map((url) => ({ companyId, url })));
    this.live.removed(companyId, id);
  }

  /**
   * Keeps one uploaded file as an option's media: the option named by the form's `id` (renamed when
   * `name` comes too), or a new option named `name`. The previous media of that option is forgotten.
   */
  async upload(user: AuthUser, id: number, receive: () => Promise<ReceivedFile>): Promise<FileList> {
    const companyId = user.companyId;
    await this.find(companyId, id);
    const file = await receive();
    const limit = fileMediaLimit(file.mimetype);
    if (limit === null) throw new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 415, undefined, [{ path: 'files', message: 'unsupported_media_type' }]);
    if (file.size > limit) throw new AppError('ERR_MEDIA_TOO_LARGE', 413, undefined, [{ path: 'files', message: 'media_too_large', maxBytes: limit }]);
    const fields = uploadFields.transform(file.fields);
    if (fields.fileId !== undefined && fields.fileId !== id) throw AppError.validation([{ path: 'fileId', message: 'invalid_value' }]);
    if (fields.id === undefined && fields.name === undefined) throw AppError.validation([{ path: 'id', message: 'required' }]);

    // Audio stays as sent (not turned into a voice note): the list keeps the company's file itself.
    const stored = await this.media.store(companyId, { path: file.path, name: file.name, mimetype: file.mimetype }, { voice: false });
    // The sender's name is a label only; it must fit its column whatever its length.
    const media = { mediaUrl: stored.url, mediaType: stored.mimetype, mediaName: file.name.slice(0, 255) };
    let previous: Media_ | null;
    try {
      // Under the list's row lock (as update and delete take it): the option read, the cap and the
      // previous file are those of the moment of the write, so two uploads to one option each forget
      // the file they replace, and a list or option deleted meanwhile answers 404 instead of a lost write.
      previous = await this.em.transactional(async (em) => {
        const list = await this.lockList(em, companyId, id);
        let replaced: Media_ | null = null;
        if (fields.id !== undefined) {
          const option = await em.findOne(FileOptionSchema, { id: fields.id, fileListId: id, companyId }, { refresh: true });
          if (!option) throw optionNotFound();
          if (option.mediaUrl) replaced = { companyId, url: option.mediaUrl };
          em.assign(option, { ...media, ...(fields.name !== undefined ? { name: fields.name } : {}) });
        } else {
          if ((await em.count(FileOptionSchema, { companyId, fileListId: id })) >= FILE_LIST_MAX_OPTIONS) {
            throw AppError.validation([{ path: 'options', message: 'too_many' }]);
          }
          const last = await em.findOne(FileOptionSchema, { companyId, fileListId: id }, { orderBy: { position: 'desc' }, refresh: true });
          em.create(FileOptionSchema, { companyId, fileListId: id, name: fields.name!, position: (last?.position ?? -1) + 1, ...media });
        }
        list.updatedAt = new Date();
        await em.flush();
        return replaced;
      });
    } catch (err) {
      await this.media.remove(companyId, stored.url).catch(() => undefined); // no orphan file
      throw err;
    }
    if (previous) await this.forget([previous]);
    this.em.clear();
    const dto = await this.dto(await this.find(companyId, id));
    this.live.changed(companyId, 'update', dto);
    return dto;
  }

  private async find(companyId: number, id: number): Promise<FileListRow> {
    const row = await this.em.findOne(FileListSchema, { id, companyId }, { refresh: true });
    if (!row) throw notFound();
    return row;
  }

  /** The list row, locked until the transaction ends; a list gone (or another company's) is 404. */
  private async lockList(em: EntityManager, companyId: number, id: number): Promise<FileListRow> {
    const row = await em.findOne(FileListSchema, { id, companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!row) throw notFound();
    return row;
  }

  private async dto(list: FileListRow): Promise<FileList> {
    const options = await this.em.find(FileOptionSchema, { companyId: list.companyId, fileListId: list.id }, { refresh: true });
    return toDto(list, options);
  }

  /** Names are unique per company, whatever their case. */
  private async ensureFreeName(companyId: number, name: string, exceptId: number | null): Promise<void> {
    const rows = await this.em.getConnection().execute<{ id: number }[]>(
      'select id from file_lists where company_id = ? and lower(name) = lower(?) and id <> ? limit 1',
      [companyId, name, exceptId ?? 0],
    );
    if (rows.length) throw nameInUse();
  }

  /** Two saves of one name at once: the unique index decides, and the loser gets the same 409. */
  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw nameInUse();
      throw err;
    }
  }

  private async forget(files: Media_[]): Promise<void> {
    await Promise.all(files.map((f) => this.media.remove(f.companyId, f.url).catch(() => undefined)));
  }
}
