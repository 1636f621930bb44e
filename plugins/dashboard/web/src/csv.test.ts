import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('toCsv', () => {
  it('quotes separators and quotes, neutralises formulas, empties nulls', () => {
    expect(toCsv([['name', 'n'], ['Ana, "la" jefa', 3], ['=cmd()', null]])).toBe('\ufeffname,n\n"Ana, ""la"" jefa",3\n\'=cmd(),');
  });
});
