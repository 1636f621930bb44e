import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download.js';

describe('export file name from Content-Disposition', () => {
  it('reads filename*, then a quoted or bare filename', () => {
    expect(fileNameOf('attachment; filename="bienvenida-3.json"')).toBe('bienvenida-3.json');
    expect(fileNameOf('attachment; filename=ventas.json')).toBe('ventas.json');
    expect(fileNameOf(`attachment; filename="x.json"; filename*=UTF-8''men%C3%BA-4.json`)).toBe('menú-4.json');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
