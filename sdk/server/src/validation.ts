import { Body, Param, Query, SetMetadata, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { AppError } from './errors.js';

/** Validates and narrows a value with a contract schema; failures become 400 ERR_VALIDATION with the issues. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  /** Public so the kernel's OpenAPI document can describe the route from the same schema. */
  constructor(readonly schema: S) {}
  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value);
    if (!result.success) {
      const details = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code }));
      const first = details[0];
      throw AppError.validation(details, first ? `${first.path || 'body'}: ${first.message}` : undefined);
    }
    return result.data;
  }
}

/** Parameter decorator: the request body parsed by `schema` (400 with field errors otherwise). */
export const ZodBody = (schema: z.ZodType) => Body(new ZodPipe(schema));
/** Parameter decorator: the query string parsed by `schema` (400 with field errors otherwise). */
export const ZodQuery = (schema: z.ZodType) => Query(new ZodPipe(schema));
/** Parameter decorator: path parameter `name` parsed by `schema` (400 otherwise). */
export const ZodParam = (name: string, schema: z.ZodType) => Param(name, new ZodPipe(schema));

/** Metadata key `@ZodResponse()` sets: the kernel shapes the handler's answer with that schema. */
export const RESPONSE_SCHEMA = 'atende:response-schema';

/**
 * Declares the contract schema of a route's answer. The kernel parses every answer with it, so a
 * handler cannot leak fields the contract does not name (unknown keys are stripped) or send a wrong shape.
 */
export const ZodResponse = (schema: z.ZodType) => SetMetadata(RESPONSE_SCHEMA, schema);
