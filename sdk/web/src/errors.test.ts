import { describe, expect, it } from 'vitest';
import { ApiError } from './api.js';
import { errorText, registerErrorTexts } from './errors.js';
import { i18n } from './i18n.js';

// The language errorText reads (i18next is not initialised in these node tests).
const setLanguage = (lang: string) => Object.assign(i18n, { language: lang });

describe('plugin error texts (issue 12 item 4)', () => {
  it('translates a plugin code like a kernel one, falling back to Spanish; the server text stays for unknown codes', () => {
    registerErrorTexts('billing', { es: { ERR_BILLING_CARD_DECLINED: 'Tarjeta rechazada' }, en: { ERR_BILLING_CARD_DECLINED: 'Card declined' } });
    const err = new ApiError(402, 'ERR_BILLING_CARD_DECLINED', 'card_declined');
    setLanguage('en');
    expect(errorText(err)).toBe('Card declined');
    setLanguage('pt');
    expect(errorText(err)).toBe('Tarjeta rechazada');
    expect(errorText(new ApiError(400, 'ERR_SOMETHING_ELSE', 'texto del servidor'))).toBe('texto del servidor');
    // Kernel codes keep their own texts.
    expect(errorText(new ApiError(403, 'ERR_NO_PERMISSION', ''))).toBe('Você não tem permissão para acessar este recurso.');
    setLanguage('es');
  });

  it('refuses codes that are not ERR_ codes and kernel codes', () => {
    expect(() => registerErrorTexts('x', { es: { card_declined: 'x' } })).toThrow(/ERR_SOMETHING/);
    expect(() => registerErrorTexts('x', { es: { ERR_NO_PERMISSION: 'x' } })).toThrow(/kernel error code/);
  });
});
