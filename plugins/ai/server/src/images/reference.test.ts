import { describe, expect, it } from 'vitest';
import { referenceBytes } from './images.service.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('reference images', () => {
  it('reads base64 and data URLs by their first bytes', () => {
    expect(referenceBytes(PNG)).toMatchObject({ type: 'image/png', ext: 'png' });
    expect(referenceBytes(`data:image/png;base64,${PNG}`).bytes.length).toBeGreaterThan(8);
    expect(referenceBytes(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]).toString('base64')).type).toBe('image/jpeg');
  });
  it('refuses what is not an image, whatever the data URL claims', () => {
    expect(() => referenceBytes(`data:image/png;base64,${Buffer.from('hola mundo').toString('base64')}`)).toThrow();
  });
});
