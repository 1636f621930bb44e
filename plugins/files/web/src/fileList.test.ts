import { describe, expect, it } from 'vitest';
import type { FileList } from '@atende/plugin-files-contract';
import { applyEvent, checkFile, clientPath, matchesSearch, mediaTypeOf } from './fileList.js';

const list = (id: number, name: string): FileList => ({ id, name, message: 'm', userId: 1, options: [], createdAt: '', updatedAt: '' });

describe('file lists (web)', () => {
  it('merges live events by name, replacing and removing by id', () => {
    const start = [list(1, 'Beta'), list(2, 'Delta')];
    expect(applyEvent(start, { action: 'create', record: list(3, 'Alfa') }).map((f) => f.id)).toEqual([3, 1, 2]);
    expect(applyEvent(start, { action: 'update', record: list(2, 'Aa') }).map((f) => f.name)).toEqual(['Aa', 'Beta']);
    expect(applyEvent(start, { action: 'delete', id: 1 }).map((f) => f.id)).toEqual([2]);
  });

  it('matches the search by name, case-insensitive', () => {
    expect(matchesSearch(list(1, 'Catálogo 2025'), 'catá')).toBe(true);
    expect(matchesSearch(list(1, 'Catálogo'), 'precios')).toBe(false);
    expect(matchesSearch(list(1, 'x'), '  ')).toBe(true);
  });

  it('checks a picked file by type, extension and its type limit', () => {
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(checkFile({ name: 'a.PDF', type: 'application/pdf', size: 9 * 1024 * 1024 })).toBeNull();
    expect(checkFile({ name: 'a.exe', type: 'application/x-msdownload', size: 10 })?.problem).toBe('type');
    expect(checkFile({ name: 'a.exe', type: 'image/png', size: 10 })?.problem).toBe('type');
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toEqual({ problem: 'size', limitMb: 2 });
    expect(checkFile({ name: 'v.mp4', type: 'video/mp4', size: 19 * 1024 * 1024 })).toBeNull();
    // No declared type (or another name for it): the extension decides.
    expect(mediaTypeOf({ name: 'nota.opus', type: '' })).toBe('audio/ogg');
    expect(mediaTypeOf({ name: 'doc.docx', type: 'application/octet-stream' })).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(mediaTypeOf({ name: 'a.txt', type: 'text/plain' })).toBeNull();
  });

  it("turns the server's media path into the client's", () => {
    expect(clientPath('/api/media/abc.png')).toBe('/media/abc.png');
  });
});
