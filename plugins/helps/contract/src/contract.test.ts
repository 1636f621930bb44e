import { describe, expect, it } from 'vitest';
import { extractVideoCode, helpInputSchema, helpUpdateSchema } from './index.js';

describe('extractVideoCode', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('%s → %s', (input, code) => expect(extractVideoCode(input)).toBe(code));
});

describe('helpInputSchema', () => {
  it('normalises a link and defaults the description', () => {
    expect(helpInputSchema.parse({ title: ' Intro ', video: 'https://youtu.be/dQw4w9WgXcQ' })).toEqual({
      title: 'Intro',
      video: 'dQw4w9WgXcQ',
      description: '',
    });
  });
  it('rejects script-like or foreign video values', () => {
    for (const video of ['"><script>', 'https://evil.example/x', 'abc']) {
      expect(helpInputSchema.safeParse({ title: 'Intro', video }).success).toBe(false);
    }
  });
});

describe('helpUpdateSchema', () => {
  it('is partial: an omitted field stays out (no default), a sent one is still checked', () => {
    expect(helpUpdateSchema.parse({ title: ' Intro 2 ' })).toEqual({ title: 'Intro 2' });
    expect(helpUpdateSchema.safeParse({ video: 'abc' }).success).toBe(false);
  });
});
