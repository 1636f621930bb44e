import { describe, expect, it } from 'vitest';
import { OutboundRefusedError } from '@atende/sdk-server';
import { failureWords, handoverNote } from './handover-note.js';

describe('hand-over notes', () => {
  const hook = { name: 'Soporte', type: 'webhook' };

  it('says why the remote failed: time limit, HTTP status, refused URL, any other error', () => {
    expect(handoverNote(hook, { failure: new OutboundRefusedError('timeout', 'No answer within 1500 ms.') })).toBe(
      'La integración «Soporte» (webhook) no respondió a tiempo: la conversación pasó a un agente.',
    );
    expect(handoverNote({ name: 'Bot', type: 'typebot' }, { failure: new Error('startChat HTTP 502') })).toBe(
      'La integración «Bot» (typebot) respondió con el error HTTP 502: la conversación pasó a un agente.',
    );
    expect(failureWords(new OutboundRefusedError('private_address', 'x'))).toBe('tiene una URL que la plataforma rechaza (private_address)');
    expect(failureWords(new OutboundRefusedError('too_large', 'x'))).toBe('respondió algo demasiado grande');
    expect(failureWords(new Error('service account JSON unreadable'))).toBe('falló: service account JSON unreadable');
  });

  it('says what the integration itself asked for', () => {
    expect(handoverNote(hook, { asked: 'el servicio pidió un agente (pide asesor)' })).toBe(
      'La integración «Soporte» (webhook) pasó la conversación a un agente: el servicio pidió un agente (pide asesor).',
    );
  });
});
