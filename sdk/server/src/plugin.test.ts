import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definePlugin, isPluginDefinition } from './plugin.js';
import { ZodPipe } from './validation.js';
import { AppError } from './errors.js';

class M {}

describe('definePlugin', () => {
  it('accepts a well-formed plugin', () => {
    const p = definePlugin({ id: 'my-plugin', version: '1.0.0', module: M, planFlag: 'useKanban', migrations: [] });
    expect(isPluginDefinition(p)).toBe(true);
  });
  it('rejects ids that are not kebab-case', () => {
    expect(() => definePlugin({ id: 'MyPlugin', version: '1', module: M })).toThrow(/kebab-case/);
    expect(() => definePlugin({ id: 'a_b', version: '1', module: M })).toThrow(/kebab-case/);
  });
  it('rejects unknown plan flags', () => {
    expect(() => definePlugin({ id: 'x', version: '1', module: M, planFlag: 'useTeleport' as never })).toThrow(/unknown plan flag/);
  });
  it('accepts the shell zones and refuses others', () => {
    expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { zones: ['ticket.header.actions', 'layout.header'] } })).not.toThrow();
    expect(() => definePlugin({ id: 'x', version: '1', module: M, manifest: { zones: ['ticket.footer' as never] } })).toThrow(/unknown zone "ticket.footer"/);
  });
  it('requires migration names prefixed with the plugin id', () => {
    expect(() => definePlugin({ id: 'x', version: '1', module: M, migrations: [{ name: 'init', class: class {} as never }] })).toThrow(
      /must be named "x_/,
    );
  });
});

describe('ZodPipe', () => {
  const pipe = new ZodPipe(z.object({ title: z.string().min(2), n: z.coerce.number().int() }));
  it('returns parsed data', () => {
    expect(pipe.transform({ title: 'ok', n: '3' })).toEqual({ title: 'ok', n: 3 });
  });
  it('throws 400 ERR_VALIDATION with each issue', () => {
    try {
      pipe.transform({ title: 'x', n: 'a' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).code).toBe('ERR_VALIDATION');
      expect(((err as AppError).details as { path: string }[]).map((d) => d.path)).toEqual(['title', 'n']);
    }
  });
});
