import { z } from 'zod';

/** Unwraps `.default()` and `.optional()` so the field can be made optional without a default. */
function withoutDefault(field: z.ZodType): z.ZodType {
  let t = field as z.ZodType & { def: { type: string }; unwrap?: () => z.ZodType };
  while ((t.def.type === 'default' || t.def.type === 'optional' || t.def.type === 'prefault') && t.unwrap) t = t.unwrap() as typeof t;
  return t;
}

/**
 * The body of a PUT: every field of the create schema, optional and WITHOUT its default, so an omitted
 * field keeps the stored value instead of falling back to the default (updates are partial). Zod's own
 * `.partial()` keeps defaults, which is exactly what must not happen here.
 */
export function partialUpdate<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, withoutDefault(field as z.ZodType).optional()]));
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof T]: z.ZodOptional<T[K]> }>;
}

/** The fields a partial update carries (undefined ones dropped), ready for `em.assign`. */
export function definedFields<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
