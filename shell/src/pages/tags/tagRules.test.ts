import { describe, expect, it } from 'vitest';
import { TAG_PALETTE, nextTagColor } from './tagRules.js';

describe('a new tag\'s colour (issue 38 item 10)', () => {
  it('is the first palette colour no tag uses, ignoring case', () => {
    expect(nextTagColor([])).toBe('#A4CCCC');
    expect(nextTagColor(['#a4cccc'])).toBe('#1677FF');
    expect(nextTagColor(['#A4CCCC', '#1677ff', '#123456'])).toBe('#52C41A');
  });
  it('once every colour is taken, the least used one', () => {
    expect(nextTagColor([...TAG_PALETTE, ...TAG_PALETTE.slice(0, 3)])).toBe(TAG_PALETTE[3]);
  });
  it('offers distinct colours', () => {
    expect(new Set(TAG_PALETTE.map((c) => c.toLowerCase())).size).toBe(TAG_PALETTE.length);
  });
});
