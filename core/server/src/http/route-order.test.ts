import { describe, expect, it } from 'vitest';
import express from 'express';
import { literalRoutesFirst, type RouterLayer } from './route-order.js';

async function answer(app: express.Express, path: string, method = 'GET'): Promise<string> {
  const server = app.listen(0);
  try {
    const { port } = server.address() as { port: number };
    return await (await fetch(`http://127.0.0.1:${port}${path}`, { method })).text();
  } finally {
    server.close();
  }
}

describe('literalRoutesFirst', () => {
  it('lets a later literal route answer a path an earlier parameter route of the same method would capture', async () => {
    const app = express();
    app.use((_req, _res, next) => next());
    app.get('/api/tags/:id', (req, res) => res.send(`kernel ${req.params.id}`));
    app.put('/api/tags/:id', (_req, res) => res.send('kernel put'));
    app.get('/api/tags/list', (_req, res) => res.send('kernel list'));
    app.put('/api/tags/kanban', (_req, res) => res.send('plugin put'));
    app.get('/api/tags/kanban', (_req, res) => res.send('plugin kanban'));
    app.get('/api/other', (_req, res) => res.send('other'));
    expect(await answer(app, '/api/tags/kanban')).toBe('kernel kanban');

    const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
    expect(literalRoutesFirst(stack)).toBe(3);
    expect(await answer(app, '/api/tags/kanban')).toBe('plugin kanban');
    expect(await answer(app, '/api/tags/kanban', 'PUT')).toBe('plugin put');
    expect(await answer(app, '/api/tags/list')).toBe('kernel list');
    expect(await answer(app, '/api/tags/7')).toBe('kernel 7');
    expect(await answer(app, '/api/other')).toBe('other');
  });

  it('never moves a route across a middleware or a route for every method', async () => {
    const app = express();
    app.get('/x/:id', (req, res) => res.send(`param ${req.params.id}`));
    app.use((_req, res, next) => (res.setHeader('x-mw', '1'), next()));
    app.get('/x/literal', (_req, res) => res.send('literal'));
    app.get('/y/:id', (req, res) => res.send(`param ${req.params.id}`));
    app.all('/{*rest}', (_req, _res, next) => next());
    app.get('/y/:id', (req, res) => res.send(`param ${req.params.id}`));
    app.route('/{*rest}').get((_req, _res, next) => next()).post((_req, _res, next) => next());
    app.get('/y/literal', (_req, res) => res.send('literal'));
    // A middleware bound to GET only, as Nest mounts `forRoutes({ path: 'z/*', method: GET })`.
    app.get('/z/:id', (req, res) => res.send(`param ${req.params.id}`));
    app.get('/z/*rest', (_req, res, next) => (res.setHeader('x-get-mw', '1'), next()));
    app.get('/z/literal', (_req, res) => res.send('literal'));
    const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
    expect(literalRoutesFirst(stack)).toBe(0);
    expect(await answer(app, '/x/literal')).toBe('param literal');
    expect(await answer(app, '/y/literal')).toBe('param literal');
    expect(await answer(app, '/z/literal')).toBe('param literal');
  });
});
