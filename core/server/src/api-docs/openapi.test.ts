import 'reflect-metadata';
import { Controller, Get, Post } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KERNEL_ENDPOINTS } from '@atende/core-contract';
import { ZodBody, ZodParam, ZodQuery, ZodResponse } from '@atende/sdk-server';
import { KERNEL_CONTROLLERS } from '../kernel-modules.js';
import { buildOpenApi, EXTERNAL_API_TAG } from './openapi.js';
import { renderDocsPage } from './docs-page.js';

type Doc = { openapi: string; paths: Record<string, Record<string, any>>; tags: { name: string }[] };
const kernelDoc = () => buildOpenApi([{ owner: 'kernel', controllers: KERNEL_CONTROLLERS }], [], { version: '1.2.3' }) as unknown as Doc;
const toOpenApi = (p: string) => `/api${p.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

describe('the OpenAPI document (issue 34 item 3)', () => {
  it('is OpenAPI 3.1 with the external API first, its JSON and multipart bodies and the connection token', () => {
    const doc = kernelDoc();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.tags[0].name).toBe(EXTERNAL_API_TAG);
    expect(Object.keys(doc.paths)[0]).toBe('/api/messages/send');
    const send = doc.paths['/api/messages/send'].post;
    expect(send.security).toEqual([{ connectionToken: [] }]);
    expect(send.requestBody.content['application/json'].schema.properties.number).toBeDefined();
    expect(send.requestBody.content['multipart/form-data'].schema.properties.medias.type).toBe('array');
    expect(send.responses['200'].content['application/json'].schema.properties.messageIds.type).toBe('array');
    expect(send.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
  });

  it('lists every kernel endpoint of the contract, and nothing the contract does not declare', () => {
    const doc = kernelDoc();
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{[^}]+\}/g, '{}')}`));
    const declared = Object.values(KERNEL_ENDPOINTS).flatMap((g) => Object.values(g).map((e) => `${e.method} ${toOpenApi(e.path).replace(/\{[^}]+\}/g, '{}')}`));
    expect(new Set(documented)).toEqual(new Set(declared));
  });

  it('describes a route from its zod decorators: path and query parameters, body, answer, status, auth', () => {
    // Decorators applied by hand (the unit tests' transform has no parameter decorators).
    class ThingsController {
      show(_id: number, _q: unknown) {}
      create(_b: unknown) {}
    }
    const proto = ThingsController.prototype;
    const method = (name: 'show' | 'create', ...decorators: MethodDecorator[]) => decorators.forEach((d) => d(proto, name, Object.getOwnPropertyDescriptor(proto, name)!));
    method('show', Get(':id'), ZodResponse(z.object({ id: z.number(), name: z.string() })));
    ZodParam('id', z.coerce.number().int())(proto, 'show', 0);
    ZodQuery(z.object({ full: z.enum(['yes', 'no']).optional() }))(proto, 'show', 1);
    method('create', Post());
    ZodBody(z.object({ name: z.string().min(2) }))(proto, 'create', 0);
    Controller('things')(ThingsController);
    const doc = buildOpenApi([{ owner: { plugin: 'things' }, controllers: [ThingsController] }], [{ method: 'GET', path: '/spec/:id', target: '/things/:id' }], { version: '1' }) as unknown as Doc;
    const show = doc.paths['/api/things/{id}'].get;
    expect(show.tags).toEqual(['plugin: things']);
    expect(show.security).toEqual([{ session: [] }]);
    expect(show.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) } },
      { name: 'full', in: 'query', required: false, schema: { type: 'string', enum: ['yes', 'no'] } },
    ]);
    expect(show.responses['200'].content['application/json'].schema.required).toEqual(['id', 'name']);
    expect(doc.paths['/api/things'].post.requestBody.content['application/json'].schema.properties.name).toEqual({ type: 'string', minLength: 2 });
    expect(doc.paths['/api/things'].post.responses['201']).toEqual({ description: 'Done' });
    // A plugin's spec alias is the same operation under the spec's path.
    expect(doc.paths['/api/spec/{id}'].get.parameters).toEqual(show.parameters);
  });

  it('renders a self-contained page (no script, nothing from elsewhere) with every operation and the curl example', () => {
    const html = renderDocsPage(kernelDoc() as any);
    expect(html).not.toMatch(/<script|https?:\/\/(?!\$)/i);
    expect(html).toContain('data-route="POST /api/messages/send"');
    expect(html).toContain('Idempotency-Key: order-1001');
    expect(html.indexOf('External API')).toBeLessThan(html.indexOf('data-route="GET /api/tickets"'));
  });
});
