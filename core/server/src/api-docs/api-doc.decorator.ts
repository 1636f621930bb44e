import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

/** Metadata key of `@ApiDoc()`. */
export const API_DOC = 'atende:api-doc';

/** What a route's decorators cannot tell the OpenAPI document by themselves. */
export interface ApiDocInfo {
  summary?: string;
  description?: string;
  /** The route reads `@Body()` itself (JSON or multipart): the schemas of each form. */
  body?: { json?: z.ZodType; multipart?: z.ZodType; files?: string };
  /** Authenticated by a connection's API token instead of a user's session. */
  connectionToken?: true;
  /** Headers the route reads (name → description). */
  headers?: Record<string, string>;
}

/** Extra OpenAPI facts for one route (kernel only; everything else is read from the route's own decorators). */
export const ApiDoc = (info: ApiDocInfo) => SetMetadata(API_DOC, info);
