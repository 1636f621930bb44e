import { describe, expect, it } from 'vitest';
import { ALLOWED_MIMETYPES } from './upload-policy.js';
import { FFMPEG_INPUT_FORMATS, voiceNoteArgs } from './voice-note.js';

describe('ffmpeg arguments for voice notes (issue 9 item 16)', () => {
  it('name the checked input format and allow only the local file protocol, before the input', () => {
    const args = voiceNoteArgs('/tmp/x/in', '/tmp/x/out.ogg', 'audio/mp4');
    const input = args.indexOf('-i');
    expect(args[input + 1]).toBe('/tmp/x/in');
    expect(args.slice(0, input)).toEqual(expect.arrayContaining(['-protocol_whitelist', 'file', '-f', 'mov']));
    expect(args[args.indexOf('-protocol_whitelist') + 1]).toBe('file');
  });
  it('has a demuxer for every audio type uploads accept, and refuses any other', () => {
    for (const type of ALLOWED_MIMETYPES().filter((t) => t.startsWith('audio/'))) expect(FFMPEG_INPUT_FORMATS[type], type).toBeTruthy();
    expect(() => voiceNoteArgs('a', 'b', 'application/x-mpegurl')).toThrow();
  });
});
