import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { z } from 'zod';
import { PUBLIC_ROUTE, RESPONSE_SCHEMA, ZodPipe, controllerHandlers } from '@atende/sdk-server';
import { API_DOC, type ApiDocInfo } from './api-doc.decorator.js';

/** Nest's RouteParamtypes for the parameters the document describes. */
const BODY = 3;
const QUERY = 4;
const PARAM = 5;

/** The tag of the external API: first in the document. */
export const EXTERNAL_API_TAG = 'External API';

/** Controllers of one owner: the kernel, or a plugin (its id). */
export interface DocSource {
  owner: 'kernel' | { plugin: string };
  controllers: readonly Type<unknown>[];
}

/** A spec path a plugin also answers (`apiAliases`): the same operation, listed under that path too. */
export interface DocAlias {
  method: string;
  path: string;
  target: string;
}

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown> & { tags: string[]; operationId: string };

/** Any zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); what JSON cannot say becomes `{}`. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

const joinPath = (...parts: string[]) => '/' + parts.flatMap((p) => p.split('/')).filter(Boolean).join('/');
/** `/whatsapp/:id` → `/whatsapp/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:[A-Za-z0-9_]+/g, ':')}`;

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

function argsOf(controller: Type<unknown>, name: string): { type: number; data: unknown; schema?: z.ZodType }[] {
  const meta = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArg>;
  return Object.entries(meta).flatMap(([key, arg]) => {
    const type = Number(key.split(':')[0]);
    if (!Number.isInteger(type)) return []; // custom decorators (@CurrentUser…)
    const pipe = (arg.pipes ?? []).find((p): p is ZodPipe<z.ZodType> => p instanceof ZodPipe);
    return [{ type, data: arg.data, schema: pipe?.schema }];
  });
}

function tagOf(owner: DocSource['owner'], path: string, doc: ApiDocInfo | undefined): string {
  if (doc?.connectionToken) return EXTERNAL_API_TAG;
  if (owner !== 'kernel') return `plugin: ${owner.plugin}`;
  return path.split('/').filter(Boolean)[0] ?? 'kernel';
}

function operation(source: DocSource, controller: Type<unknown>, name: string, handler: (...a: unknown[]) => unknown, method: string, path: string): Operation {
  const doc = Reflect.getMetadata(API_DOC, handler) as ApiDocInfo | undefined;
  const isPublic = Reflect.getMetadata(PUBLIC_ROUTE, handler) === true || Reflect.getMetadata(PUBLIC_ROUTE, controller) === true;
  const response = Reflect.getMetadata(RESPONSE_SCHEMA, handler) as z.ZodType | undefined;
  const code = (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'POST' ? 201 : 200);
  const args = argsOf(controller, name);
  const parameters: Record<string, unknown>[] = [];
  for (const m of path.matchAll(/:([A-Za-z0-9_]+)/g)) {
    const arg = args.find((a) => a.type === PARAM && a.data === m[1]);
    parameters.push({ name: m[1], in: 'path', required: true, schema: arg?.schema ? jsonSchema(arg.schema, 'input') : { type: 'string' } });
  }
  for (const q of args.filter((a) => a.type === QUERY && a.schema)) {
    const s = jsonSchema(q.schema!, 'input');
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [k, v] of Object.entries(props)) parameters.push({ name: k, in: 'query', required: required.has(k), schema: v });
  }
  for (const [h, description] of Object.entries(doc?.headers ?? {})) parameters.push({ name: h, in: 'header', required: false, description, schema: { type: 'string' } });
  const op: Operation = {
    tags: [tagOf(source.owner, path, doc)],
    operationId: `${source.owner === 'kernel' ? 'kernel' : source.owner.plugin}.${controller.name.replace(/Controller$/, '')}.${name}`,
    ...(doc?.summary ? { summary: doc.summary } : {}),
    ...(doc?.description ? { description: doc.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    security: doc?.connectionToken ? [{ connectionToken: [] }] : isPublic ? [] : [{ session: [] }],
    responses: {
      [String(code)]: code === 204 || !response ? { description: 'Done' } : { description: 'OK', content: { 'application/json': { schema: jsonSchema(response, 'output') } } },
      default: { description: 'An error: `error` is a code of the catalogue (ERR_…)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
  const body = args.find((a) => a.type === BODY && a.schema);
  const content: Record<string, unknown> = {};
  if (body) content['application/json'] = { schema: jsonSchema(body.schema!, 'input') };
  if (doc?.body?.json) content['application/json'] = { schema: jsonSchema(doc.body.json, 'input') };
  if (doc?.body?.multipart) {
    const s = jsonSchema(doc.body.multipart, 'input');
    const files = doc.body.files ?? 'medias';
    content['multipart/form-data'] = {
      schema: { ...s, properties: { ...((s.properties as object) ?? {}), [files]: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
    };
  }
  if (Object.keys(content).length) op.requestBody = { required: true, content };
  return op;
}

/**
 * The OpenAPI 3.1 document of every route the server answers (issue 34 item 3), read from the routes'
 * own decorators: paths and methods (Nest), and the zod schemas of the contracts they validate with
 * (`@ZodBody`, `@ZodQuery`, `@ZodParam`, `@ZodResponse`). A plugin's routes appear when it is loaded,
 * with its `apiAliases` as extra paths. The external API comes first.
 */
export function buildOpenApi(sources: DocSource[], aliases: DocAlias[], info: { version: string }): Record<string, unknown> {
  const ops: { path: string; method: string; op: Operation }[] = [];
  const byRoute = new Map<string, Operation>();
  for (const source of sources) {
    for (const controller of source.controllers) {
      const { bases, handlers } = controllerHandlers(controller);
      for (const h of handlers)
        for (const base of bases)
          for (const p of h.paths)
            for (const method of h.methods) {
              const path = joinPath(base, p);
              const op = operation(source, controller, h.name, h.handler, method, path);
              ops.push({ path, method, op });
              byRoute.set(routeKey(method, path), op);
            }
    }
  }
  for (const a of aliases) {
    const target = byRoute.get(routeKey(a.method, a.target));
    if (target) ops.push({ path: a.path, method: a.method, op: { ...target, operationId: `${target.operationId}.alias`, description: `Also answered at /api${a.target}.` } });
  }
  const first = (o: { op: Operation }) => (o.op.tags[0] === EXTERNAL_API_TAG ? 0 : 1);
  ops.sort((a, b) => first(a) - first(b) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const paths: Record<string, Record<string, Operation>> = {};
  for (const { path, method, op } of ops) (paths[openApiPath(`/api${path}`)] ??= {})[method.toLowerCase()] = op;
  const tags = [...new Set(ops.map((o) => o.op.tags[0]))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Atende API',
      version: info.version,
      description:
        'Every route of this server, generated from the zod contracts it validates with. The external message API (POST /api/messages/send) is authenticated by a connection token; every other route by a session token from POST /api/auth/login.',
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        connectionToken: { type: 'http', scheme: 'bearer', description: "A connection's API token (Connections → the connection's API token; admins only)." },
        session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of POST /api/auth/login.' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: { error: { type: 'string', examples: ['ERR_NO_PERMISSION'] }, message: { type: 'string' }, details: {} },
        },
      },
    },
  };
}
