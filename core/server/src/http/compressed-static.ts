import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Kinds of files worth compressing; images, fonts and media are compressed already or not worth it. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.html', '.map', '.txt']);
/** Below this a file goes as it is (as `compression` does). */
const MIN_BYTES = 1024;
/** Compressed files kept in memory, at most, for the shell and every remote together (they take a few MB). */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;
/** Bytes held by every compressedStatic instance of the process (one per remote and the shell). */
let cachedBytes = 0;

type Encoding = 'br' | 'gzip';
interface Cached {
  /** The file's version: its size and modification time (as serve-static's ETag). */
  version: string;
  bytes: Map<Encoding, Promise<Buffer>>;
  /** Bytes of this version held so far (counted in the cache's total). */
  size: number;
}

/**
 * Static files compressed once per version and answered from memory (issue 37 item 4: a first view of a
 * plugin's page downloads ~90 files, and `compression` gzipped each one again on every request, on the
 * thread that also answers the API: ~2 ms of CPU a file here). Handles the common case only: GET or HEAD
 * of a compressible file of 1 kB or more, for a client that takes br or gzip and asks for no range;
 * everything else goes on to `express.static` as before. Answers carry the same ETag and Last-Modified
 * as serve-static, so a revalidation still ends in 304.
 */
export function compressedStatic(root: string, setHeaders: (res: Response, file: string) => void) {
  const base = path.resolve(root);
  const cache = new Map<string, Cached>();

  const compressed = (file: string, version: string, encoding: Encoding): Promise<Buffer> | null => {
    let entry = cache.get(file);
    if (entry?.version !== version) {
      cachedBytes -= entry?.size ?? 0;
      entry = { version, bytes: new Map(), size: 0 };
      cache.set(file, entry);
    }
    const current = entry;
    const known = current.bytes.get(encoding);
    if (known) return known;
    if (cachedBytes >= MAX_CACHED_BYTES) return null;
    const made = readFile(file).then((raw) =>
      encoding === 'br' ? brotliAsync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : gzipAsync(raw, { level: 9 }),
    );
    current.bytes.set(encoding, made);
    made.then(
      (buf) => {
        // Still the file's version (a newer one replaced this entry meanwhile: not counted).
        if (cache.get(file) !== current) return;
        current.size += buf.length;
        cachedBytes += buf.length;
      },
      () => current.bytes.delete(encoding),
    );
    return made;
  };

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next();
    const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding !== 'br' && encoding !== 'gzip') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    // No hidden files, no way out of the folder (express.static answers those as it always did).
    if (relative.includes('\0') || relative.split('/').some((part) => part.startsWith('.'))) return next();
    const file = path.join(base, relative);
    if (!file.startsWith(base + path.sep) || !COMPRESSIBLE.has(path.extname(file))) return next();
    try {
      const info = await stat(file);
      if (!info.isFile() || info.size < MIN_BYTES) return next();
      const version = `${info.size.toString(16)}-${info.mtime.getTime().toString(16)}`;
      res.type(path.extname(file));
      res.setHeader('ETag', `W/"${version}"`);
      res.setHeader('Last-Modified', info.mtime.toUTCString());
      setHeaders(res, file);
      res.vary('Accept-Encoding');
      // A revalidation is answered before anything is compressed.
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      const body = compressed(file, version, encoding);
      if (!body) {
        for (const header of ['Content-Type', 'ETag', 'Last-Modified', 'Cache-Control']) res.removeHeader(header);
        return next();
      }
      const bytes = await body;
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', bytes.length);
      if (req.method === 'HEAD') res.end();
      else res.end(bytes);
    } catch {
      next();
    }
  };
}
