/**
 * How long a voice note lasts, read from its own header (issue 31: transcription is paid per started
 * minute). WhatsApp voice notes are OGG/Opus; WAV and OGG/Vorbis are read too. Anything else, or a file
 * whose header does not say: null (the caller then charges one minute).
 */
export function audioSeconds(data: Buffer): number | null {
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WAVE') return wavSeconds(data);
  if (data.length >= 4 && data.toString('latin1', 0, 4) === 'OggS') return oggSeconds(data);
  return null;
}

/** WAV: the `data` chunk's size over the `fmt ` chunk's byte rate. */
function wavSeconds(data: Buffer): number | null {
  let byteRate = 0;
  for (let at = 12; at + 8 <= data.length; ) {
    const id = data.toString('latin1', at, at + 4);
    const size = data.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 16 <= data.length) byteRate = data.readUInt32LE(at + 16);
    // A stream still being written says 0 or 0xFFFFFFFF: the bytes that follow are the data then.
    if (id === 'data') return byteRate > 0 ? Math.min(size, data.length - at - 8) / byteRate : null;
    at += 8 + size + (size % 2);
  }
  return null;
}

/**
 * OGG: the last page's granule position is the stream's sample count. Opus counts at 48 kHz whatever
 * the input was, less the header's pre-skip; Vorbis at the rate its identification header names.
 */
function oggSeconds(data: Buffer): number | null {
  let rate = 0;
  let preSkip = 0;
  const opus = data.indexOf('OpusHead', 0, 'latin1');
  if (opus >= 0 && opus + 12 <= data.length) {
    rate = 48_000;
    preSkip = data.readUInt16LE(opus + 10);
  } else {
    const vorbis = data.indexOf('\x01vorbis', 0, 'latin1');
    if (vorbis >= 0 && vorbis + 16 <= data.length) rate = data.readUInt32LE(vorbis + 12);
  }
  if (!rate) return null;
  const last = data.lastIndexOf('OggS', data.length - 1, 'latin1');
  if (last < 0 || last + 14 > data.length) return null;
  const granule = Number(data.readBigInt64LE(last + 6));
  if (!(granule > 0)) return null;
  return Math.max(0, granule - preSkip) / rate;
}
