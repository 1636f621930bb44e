import { describe, expect, it } from 'vitest';
import { spreadsheetIdOf } from './spreadsheet-id.js';

describe('spreadsheetIdOf', () => {
  it('reads the id from the three URL forms and takes text without a slash as the id', () => {
    expect(spreadsheetIdOf('https://docs.google.com/spreadsheets/d/abc_DEF-1/edit#gid=0')).toBe('abc_DEF-1');
    expect(spreadsheetIdOf('https://docs.google.com/spreadsheets/u/2/d/XYZ123/edit')).toBe('XYZ123');
    expect(spreadsheetIdOf('https://drive.google.com/open?id=Q9q9')).toBe('Q9q9');
    expect(spreadsheetIdOf('  plainId42 ')).toBe('plainId42');
  });
  it('answers null for a URL without an id and for blank text', () => {
    expect(spreadsheetIdOf('https://example.com/some/page')).toBeNull();
    expect(spreadsheetIdOf('   ')).toBeNull();
  });
});
