import { describe, expect, it } from 'vitest';
import { keywordsOf, optionFor } from './shopify-options.js';

describe('Shopify options (keywords → image, description, flow)', () => {
  const options = [
    { id: 'a', keywords: 'Envío, despacho a domicilio', compareVariable: '', image: null, description: 'Enviamos en 48 h', flowId: null },
    { id: 'b', keywords: 'tallas', compareVariable: '', image: '/media/1/tallas.png', description: null, flowId: null },
    { id: 'c', keywords: 'asesor', compareVariable: '', image: null, description: null, flowId: 7 },
    { id: 'd', keywords: 'nada', compareVariable: '', image: null, description: '  ', flowId: null },
  ];

  it('matches whole words or phrases, without accents or case, first option first', () => {
    expect(keywordsOf(options[0]!)).toEqual(['envio', 'despacho a domicilio']);
    expect(optionFor(options, '¿Cuánto cuesta el ENVIO?')?.id).toBe('a');
    expect(optionFor(options, 'hacen despacho a domicilio, y tallas?')?.id).toBe('a');
    expect(optionFor(options, 'qué tallas hay')?.id).toBe('b');
    expect(optionFor(options, 'quiero un asesor')?.id).toBe('c');
  });

  it('does not match parts of words, empty texts, or options that would do nothing', () => {
    expect(optionFor(options, 'envios')).toBeNull();
    expect(optionFor(options, '')).toBeNull();
    expect(optionFor(options, 'nada')).toBeNull();
    expect(optionFor([{ ...options[0]!, keywords: ' , ' }], 'envio')).toBeNull();
  });
});
