import { describe, expect, it } from 'vitest';
import { checkUpload, normalizeMime } from './upload-policy.js';

const file = (originalname: string, mimetype: string, buffer: Buffer, size = buffer.length) =>
  ({ fieldname: 'medias', originalname, mimetype, buffer, size }) as Express.Multer.File;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const MZ = Buffer.from('MZ\x90\x00\x03\x00', 'latin1');

describe('upload policy', () => {
  it('accepts allowed types whose bytes match, under browser aliases too', () => {
    expect(checkUpload(file('a.png', 'image/png', PNG))).toMatchObject({ mimetype: 'image/png', kind: 'image' });
    expect(checkUpload(file('b.jpeg', 'image/jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])))).toMatchObject({ mimetype: 'image/jpeg' });
    expect(checkUpload(file('n.wav', 'audio/x-wav', Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1')))).toMatchObject({ kind: 'audio' });
    expect(checkUpload(file('d.pdf', 'application/pdf', Buffer.from('%PDF-1.7')))).toMatchObject({ kind: 'application' });
    expect(checkUpload(file('t.csv', 'text/csv', Buffer.from('a,b\n1,2')))).toMatchObject({ kind: 'application' });
    expect(normalizeMime('Audio/MP3; charset=x')).toBe('audio/mpeg');
  });

  it('refuses executables, renamed files and mismatched extensions with 415', () => {
    const code = (f: Express.Multer.File) => {
      try {
        checkUpload(f);
        return 'accepted';
      } catch (err) {
        return `${(err as { status: number }).status} ${(err as { code: string }).code}`;
      }
    };
    expect(code(file('setup.exe', 'application/x-msdownload', MZ))).toBe('415 ERR_MEDIA_TYPE_NOT_ALLOWED');
    expect(code(file('invoice.pdf', 'application/pdf', MZ))).toBe('415 ERR_MEDIA_TYPE_NOT_ALLOWED');
    expect(code(file('photo.exe', 'image/png', PNG))).toBe('415 ERR_MEDIA_TYPE_NOT_ALLOWED');
    expect(code(file('notes.txt', 'text/plain', Buffer.from([0x41, 0x00, 0x42])))).toBe('415 ERR_MEDIA_TYPE_NOT_ALLOWED');
  });

  it('limits images to 16 MB and other files to 64 MB (413)', () => {
    const sized = (name: string, mime: string, head: Buffer, size: number) => {
      try {
        checkUpload(file(name, mime, head, size));
        return 'accepted';
      } catch (err) {
        return `${(err as { status: number }).status} ${(err as { code: string }).code}`;
      }
    };
    expect(sized('a.png', 'image/png', PNG, 16 * 1024 * 1024)).toBe('accepted');
    expect(sized('a.png', 'image/png', PNG, 16 * 1024 * 1024 + 1)).toBe('413 ERR_MEDIA_TOO_LARGE');
    expect(sized('d.pdf', 'application/pdf', Buffer.from('%PDF'), 40 * 1024 * 1024)).toBe('accepted');
    expect(sized('d.pdf', 'application/pdf', Buffer.from('%PDF'), 64 * 1024 * 1024 + 1)).toBe('413 ERR_MEDIA_TOO_LARGE');
  });

  it('keeps the sender’s UTF-8 name as a label only, without path separators', () => {
    const latin1 = Buffer.from('Cotización/../x.pdf', 'utf8').toString('latin1');
    expect(checkUpload(file(latin1, 'application/pdf', Buffer.from('%PDF'))).originalName).toBe('Cotización_.._x.pdf');
  });

  it('cuts a name longer than its column keeping the extension, so storing the file checks it again (and passes)', () => {
    const cut = checkUpload(file(`${'n'.repeat(300)}.png`, 'image/png', PNG)).originalName;
    expect(cut).toHaveLength(255);
    expect(cut.endsWith('.png')).toBe(true);
    expect(checkUpload(file(cut, 'image/png', PNG)).originalName).toBe(cut);
  });
});
