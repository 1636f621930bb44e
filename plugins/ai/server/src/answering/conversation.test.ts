import { describe, expect, it } from 'vitest';
import { asksForHuman, chatMessages, readAnswer } from './conversation.js';

const msg = (id: number, body: string, fromMe = false) => ({ id, body, fromMe, mediaType: 'chat', mediaUrl: null, source: null, createdAt: '' });

describe('the assistant conversation', () => {
  it('puts the prompt and the guard first, then the turns in order (customer as user)', () => {
    const out = chatMessages('Eres el asistente de la tienda.', [msg(1, 'hola'), msg(2, '¿En qué te ayudo?', true), msg(3, 'precio'), msg(4, '')]);
    expect(out.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(out[0].content).toContain('Eres el asistente de la tienda.');
    expect(out[0].content).toContain('[HANDOVER]');
  });
  it('sees a request for a person in es, pt and en, not in ordinary words', () => {
    expect(asksForHuman('quiero hablar con un humano')).toBe(true);
    expect(asksForHuman('quero falar com um atendente')).toBe(true);
    expect(asksForHuman('Can I talk to an agent?')).toBe(true);
    expect(asksForHuman('¿cuál es el horario?')).toBe(false);
    expect(asksForHuman('humanidad')).toBe(false);
  });
  it('reads the hand-over token and empty answers as a hand-over', () => {
    expect(readAnswer('[HANDOVER]')).toEqual({ kind: 'handover' });
    expect(readAnswer('  ')).toEqual({ kind: 'handover' });
    expect(readAnswer(null)).toEqual({ kind: 'handover' });
    expect(readAnswer('Claro, te ayudo')).toEqual({ kind: 'reply', text: 'Claro, te ayudo' });
  });
});
