import { describe, expect, it } from 'vitest';
import { readAnswer } from './webhook.js';

describe('what a webhook answers', () => {
  it('a text body is one message; an empty one says nothing', () => {
    expect(readAnswer('text/plain', ' Hola ')).toEqual({ kind: 'reply', messages: ['Hola'] });
    expect(readAnswer('text/plain', '  ')).toEqual({ kind: 'pass' });
  });
  it('JSON reply, replies, messages and an n8n [{ output }] list', () => {
    expect(readAnswer('application/json', '{"reply":"a","replies":["b"],"messages":["c",""]}')).toMatchObject({ kind: 'reply', messages: ['a', 'b', 'c'] });
    expect(readAnswer('application/json; charset=utf-8', '[{"output":"desde n8n"}]')).toMatchObject({ kind: 'reply', messages: ['desde n8n'] });
  });
  it('handover with its reason; broken JSON is a failure (retried, then a human)', () => {
    expect(readAnswer('application/json', '{"handover":true,"reason":"pide humano","reply":"Te paso"}')).toEqual({
      kind: 'handover',
      reason: 'webhook: pide humano',
      note: 'el servicio pidió un agente (pide humano)',
      messages: ['Te paso'],
    });
    expect(() => readAnswer('application/json', '{nope')).toThrow('invalid JSON');
  });
  it('done lets go of the ticket; state is kept', () => {
    expect(readAnswer('application/json', '{"reply":"fin","done":true,"state":{"step":2}}')).toEqual({ kind: 'reply', messages: ['fin'], state: { step: 2 }, done: true });
  });
});
