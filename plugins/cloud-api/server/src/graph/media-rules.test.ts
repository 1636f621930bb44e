import { describe, expect, it } from 'vitest';
import { checkMedia, maxBytesFor } from './media-rules.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

describe('checkMedia', () => {
  it('accepts an allowed type whose first bytes match', () => {
    expect(checkMedia('image/png', PNG)).toBe('image');
    expect(checkMedia('application/pdf', Buffer.from('%PDF-1.7\n'))).toBe('application');
    expect(checkMedia('audio/ogg; codecs=opus', Buffer.from('OggS\0\0'))).toBe('audio');
  });

  it('refuses a type not allowed and bytes that contradict the declared type', () => {
    expect(checkMedia('application/x-msdownload', Buffer.from('MZ'))).toBeNull();
    expect(checkMedia('image/png', Buffer.from('%PDF-1.7'))).toBeNull();
    expect(checkMedia('image/jpeg', Buffer.from('<html>'))).toBeNull();
  });

  it('holds images to 16 MB and other files to 64 MB', () => {
    expect(maxBytesFor('image/png')).toBe(16 * 1024 * 1024);
    expect(maxBytesFor('video/mp4')).toBe(64 * 1024 * 1024);
  });
});
