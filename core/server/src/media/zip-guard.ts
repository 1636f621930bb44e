import { inflateRawSync } from 'node:zlib';

/** Why a zip (an .xlsx is one) was refused before anything unpacked it. */
export type ZipProblem = 'not_zip' | 'too_many_entries' | 'too_large_uncompressed' | 'unsupported';

export interface ZipLimits {
  /** Sum of every entry's unpacked size. */
  uncompressedBytes: number;
  entries: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Checks a zip before a library unpacks it in memory: a few kilobytes of deflate can expand to
 * gigabytes (a "zip bomb"), and the sizes a zip declares may lie. So every entry is inflated here,
 * with zlib stopping at the size the entry declares and at what is left of the total budget; an
 * entry that would grow past either is refused, and nothing larger than the budget is ever held.
 * Returns null when the zip is within the limits. ZIP64 is refused: a file small enough to upload
 * never needs it.
 */
export function checkZip(data: Buffer, limits: ZipLimits): ZipProblem | null {
  // End of central directory: 22 bytes plus a comment of up to 65535, at the very end.
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'not_zip';
  const entries = data.readUInt16LE(eocd + 10);
  const centralOffset = data.readUInt32LE(eocd + 16);
  if (entries === 0xffff || centralOffset === 0xffffffff) return 'unsupported';
  if (entries > limits.entries) return 'too_many_entries';

  let budget = limits.uncompressedBytes;
  let at = centralOffset;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) return 'not_zip';
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const declared = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    if (compressed === 0xffffffff || declared === 0xffffffff || local === 0xffffffff) return 'unsupported';
    if (declared > budget) return 'too_large_uncompressed';
    if (local + 30 > data.length || data.readUInt32LE(local) !== LOCAL) return 'not_zip';
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (start + compressed > data.length) return 'not_zip';
    if (method === 8) {
      try {
        // maxOutputLength makes zlib stop (RangeError) instead of allocating what a lying entry hides.
        const out = inflateRawSync(data.subarray(start, start + compressed), { maxOutputLength: Math.max(1, declared) });
        if (out.length !== declared) return 'too_large_uncompressed';
      } catch (err) {
        return err instanceof RangeError ? 'too_large_uncompressed' : 'not_zip';
      }
    } else if (method !== 0 || compressed !== declared) {
      return 'unsupported';
    }
    budget -= declared;
    at = next;
  }
  return null;
}
