import { describe, expect, it } from 'vitest';
import { nodePrompt, plan } from './openai-node.js';

const data = { name: 'IA', aiInstructions: 'Responde sobre la tienda.', contextInfo: 'Abrimos de 9 a 18.', queueId: 7 };

describe('the OpenAI flow step', () => {
  it('never calls the model for a message or on entering: it arms a timer for the answer', () => {
    expect(plan({ cause: 'enter', input: null, state: null }, data)).toEqual({ kind: 'wait', afterMs: 1, message: false, state: { phase: 'answer' } });
    expect(plan({ cause: 'message', input: { body: 'precio?', mediaType: 'chat' }, state: { phase: 'listen' } }, data)).toMatchObject({ kind: 'wait', afterMs: 1 });
  });
  it('calls the model on the timer that an answer is due for, else keeps listening', () => {
    expect(plan({ cause: 'timer', input: null, state: { phase: 'answer' } }, data)).toBe('call-model');
    expect(plan({ cause: 'timer', input: null, state: { phase: 'listen' } }, data)).toEqual({ kind: 'wait', message: true, state: { phase: 'listen' } });
  });
  it('hands over to its queue when the contact asks for a person', () => {
    expect(plan({ cause: 'message', input: { body: 'quiero un humano', mediaType: 'chat' }, state: null }, data)).toEqual({ kind: 'handover', queueId: 7, reason: 'customer_asked' });
  });
  it('builds its instructions from aiInstructions and contextInfo', () => {
    expect(nodePrompt(data)).toBe('Responde sobre la tienda.\n\nContexto:\nAbrimos de 9 a 18.');
    expect(nodePrompt({ ...data, contextInfo: '' })).toBe('Responde sobre la tienda.');
  });
});
