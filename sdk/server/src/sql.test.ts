import { describe, expect, it } from 'vitest';
import { containsPattern } from './sql.js';

describe('containsPattern', () => {
  it('wraps in % and takes the user’s wildcards literally', () => {
    expect(containsPattern('ana')).toBe('%ana%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
