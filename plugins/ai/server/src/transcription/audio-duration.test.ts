import { describe, expect, it } from 'vitest';
import { audioSeconds } from './audio-duration.js';
import { transcriptionCost } from '../credits/costs.js';

/** A PCM WAV of `seconds` (8 kHz, 8-bit, mono: 8000 bytes a second). */
function wav(seconds: number): Buffer {
  const bytes = Math.round(seconds * 8000);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + bytes, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(8000, 28);
  h.writeUInt16LE(1, 32);
  h.writeUInt16LE(8, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(bytes, 40);
  return Buffer.concat([h, Buffer.alloc(bytes, 128)]);
}

/** An OGG page header with `granule` (27 bytes, no segments), after `payload`. */
function page(granule: bigint, payload = Buffer.alloc(0)): Buffer {
  const h = Buffer.alloc(27);
  h.write('OggS', 0, 'latin1');
  h.writeBigInt64LE(granule, 6);
  return Buffer.concat([h, payload]);
}

function opus(samples48k: bigint, preSkip = 312): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8);
  head.writeUInt8(1, 9);
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(16000, 12);
  return Buffer.concat([page(0n, head), page(samples48k / 2n), page(samples48k + BigInt(preSkip))]);
}

describe('voice note duration', () => {
  it('reads a WAV from its data size and byte rate', () => {
    expect(audioSeconds(wav(2.5))).toBeCloseTo(2.5, 3);
    expect(audioSeconds(wav(61))).toBeCloseTo(61, 3);
  });

  it('reads an OGG/Opus from the last page granule (48 kHz, less the pre-skip)', () => {
    expect(audioSeconds(opus(48_000n * 90n))).toBeCloseTo(90, 3);
    expect(audioSeconds(opus(48_000n * 7n))).toBeCloseTo(7, 3);
  });

  it('reads an OGG/Vorbis at its own rate', () => {
    const ident = Buffer.alloc(30);
    ident.write('\x01vorbis', 0, 'latin1');
    ident.writeUInt32LE(44_100, 12);
    expect(audioSeconds(Buffer.concat([page(0n, ident), page(44_100n * 125n)]))).toBeCloseTo(125, 3);
  });

  it('does not guess: unknown formats and headers without a length answer null', () => {
    expect(audioSeconds(Buffer.from('ID3 not read'))).toBeNull();
    expect(audioSeconds(Buffer.concat([Buffer.from('OggS'), Buffer.alloc(200, 1)]))).toBeNull();
    expect(audioSeconds(Buffer.alloc(0))).toBeNull();
  });

  it('charges per started minute (one minute when the length is unknown)', () => {
    expect(transcriptionCost(2, audioSeconds(wav(59)))).toBe(2);
    expect(transcriptionCost(2, audioSeconds(wav(61)))).toBe(4);
    expect(transcriptionCost(2, audioSeconds(opus(48_000n * 150n)))).toBe(6);
    expect(transcriptionCost(2, null)).toBe(2);
  });
});
