import { describe, expect, it } from 'vitest';
import { gapMs, pickVariant, render, variantsOf } from './render.js';

describe('campaign rendering and pacing', () => {
  it('keeps only the non-empty variants and picks among them', () => {
    expect(variantsOf(['a', null, ' ', 'd', ''])).toEqual([0, 3]);
    expect(pickVariant([0, 3], () => 0)).toBe(0);
    expect(pickVariant([0, 3], () => 0.99)).toBe(3);
    expect(pickVariant([], () => 0.5)).toBe(-1);
  });
  it('replaces {name}, {number} and custom keys, leaving unknown ones', () => {
    const vars = [
      { key: 'shop', value: 'Tienda' },
      { key: 'name', value: 'never' },
    ];
    expect(render('Hola {name} ({number}) de {shop} {otro}', { name: 'Ana', number: '51999' }, vars)).toBe('Hola Ana (51999) de Tienda {otro}');
  });
  it('paces with the interval, the greater one after every N, and a bounded jitter', () => {
    const s = { messageInterval: 2, longerIntervalAfter: 3, greaterInterval: 10 };
    expect([0, 1, 2, 3, 4, 6].map((i) => gapMs(i, s, () => 0.5))).toEqual([0, 2000, 2000, 10000, 2000, 10000]);
    // ±5 % at most, either way.
    expect(gapMs(1, s, () => 0)).toBe(1900);
    expect(gapMs(1, s, () => 0.999999)).toBe(2100);
    expect(gapMs(5, { ...s, longerIntervalAfter: 0 }, () => 0.5)).toBe(2000);
    // A "greater" interval shorter than the interval does not speed up.
    expect(gapMs(3, { ...s, greaterInterval: 1 }, () => 0.5)).toBe(2000);
  });
});
