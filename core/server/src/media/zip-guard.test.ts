import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { checkZip } from './zip-guard.js';
import { zip } from './testing.js';

const LIMITS = { uncompressedBytes: 1024 * 1024, entries: 10 };

describe('zip guard', () => {
  it('accepts a real .xlsx and small honest zips', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('c').addRows([['nombre', 'numero'], ['Ana', '51911111111']]);
    expect(checkZip(Buffer.from(await wb.xlsx.writeBuffer()), { uncompressedBytes: 50 * 1024 * 1024, entries: 500 })).toBeNull();
    expect(checkZip(zip([{ name: 'a.txt', data: Buffer.from('hola') }, { name: 'b.txt', data: Buffer.from('chau'), stored: true }]), LIMITS)).toBeNull();
  });

  it('refuses what unpacks past the budget, however small the upload', () => {
    const bomb = zip([{ name: 'sheet.xml', data: Buffer.alloc(2 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(10 * 1024);
    expect(checkZip(bomb, LIMITS)).toBe('too_large_uncompressed');
    // Many parts each under the budget still add up past it.
    const spread = zip(Array.from({ length: 3 }, (_, i) => ({ name: `p${i}`, data: Buffer.alloc(400 * 1024) })));
    expect(checkZip(spread, LIMITS)).toBe('too_large_uncompressed');
  });

  it('refuses an entry that unpacks to more than it declares (a lying size)', () => {
    const liar = zip([{ name: 'sheet.xml', data: Buffer.alloc(4 * 1024 * 1024), declared: 100 }]);
    expect(checkZip(liar, LIMITS)).toBe('too_large_uncompressed');
    const shortLiar = zip([{ name: 'x', data: Buffer.from('abcdef'), declared: 10 }]);
    expect(checkZip(shortLiar, LIMITS)).toBe('too_large_uncompressed');
  });

  it('refuses too many entries, non-zips, truncated and unsupported zips', () => {
    expect(checkZip(zip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') }))), LIMITS)).toBe('too_many_entries');
    expect(checkZip(Buffer.from('nombre,numero\nAna,51911111111'), LIMITS)).toBe('not_zip');
    const whole = zip([{ name: 'a', data: Buffer.alloc(1000, 7) }]);
    expect(checkZip(Buffer.concat([whole.subarray(0, 20), whole.subarray(whole.length - 22 - 47)]), LIMITS)).toBe('not_zip');
    const stored = zip([{ name: 'a', data: Buffer.from('abc'), stored: true, declared: 5 }]);
    expect(checkZip(stored, LIMITS)).toBe('unsupported');
  });
});
