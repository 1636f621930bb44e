// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('i18n: languages that load on demand', () => {
  it('fetches a language the first time it is chosen, before switching, and only once', async () => {
    const { initI18n, changeLanguage, i18n } = await import('./i18n.js');
    const loader = vi.fn(async (lang: string) => ({ hello: `hello-${lang}` }));
    await initI18n({ es: { hello: 'hola' } }, loader);
    expect(i18n.t('hello')).toBe('hola');
    expect(loader).not.toHaveBeenCalled();

    await changeLanguage('pt');
    expect(i18n.t('hello')).toBe('hello-pt');
    await changeLanguage('es');
    await changeLanguage('pt');
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('loads the saved language before the first render, and falls back to Spanish when it cannot', async () => {
    localStorage.setItem('language', 'en');
    let mod = await import('./i18n.js');
    await mod.initI18n({ es: { hello: 'hola' } }, async () => ({ hello: 'hello' }));
    expect(mod.i18n.language).toBe('en');
    expect(mod.i18n.t('hello')).toBe('hello');

    vi.resetModules();
    mod = await import('./i18n.js');
    await mod.initI18n({ es: { hello: 'hola' } }, () => Promise.reject(new Error('offline')));
    expect(mod.i18n.language).toBe('es');
    expect(mod.i18n.t('hello')).toBe('hola');
  });
});
