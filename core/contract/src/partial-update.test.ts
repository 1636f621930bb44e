import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definedFields, partialUpdate } from './partial-update.js';

describe('partialUpdate', () => {
  const create = z.object({ name: z.string().min(2), isDefault: z.boolean().default(false), tags: z.array(z.number()).default([]), note: z.string().optional() });
  const update = partialUpdate(create);

  it('leaves omitted fields out instead of applying their defaults', () => {
    expect(update.parse({})).toEqual({});
    expect(update.parse({ name: 'Ventas' })).toEqual({ name: 'Ventas' });
  });
  it('still validates the fields that are sent', () => {
    expect(update.safeParse({ name: 'x' }).success).toBe(false);
    expect(update.safeParse({ isDefault: 'yes' }).success).toBe(false);
    expect(update.parse({ isDefault: true, tags: [1] })).toEqual({ isDefault: true, tags: [1] });
  });
  it('definedFields drops what was not sent', () => {
    expect(definedFields({ a: 1, b: undefined, c: null })).toEqual({ a: 1, c: null });
  });
});
