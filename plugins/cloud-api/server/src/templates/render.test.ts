import { describe, expect, it } from 'vitest';
import { renderTemplate, toTemplate } from './render.js';

describe('templates', () => {
  it('counts the body parameters and fills them in', () => {
    const t = toTemplate({ name: 'order', language: 'es', status: 'APPROVED', components: [{ type: 'BODY', text: 'Hola {{1}}, tu pedido {{2}} está listo' }] });
    expect(t).toMatchObject({ name: 'order', parameterCount: 2, body: 'Hola {{1}}, tu pedido {{2}} está listo' });
    expect(renderTemplate(t.body, ['Ana', '#42'])).toBe('Hola Ana, tu pedido #42 está listo');
  });
  it('takes a template without parameters', () => {
    expect(toTemplate({ name: 'hi', language: 'en', components: [{ type: 'BODY', text: 'Hello' }] }).parameterCount).toBe(0);
  });
});
