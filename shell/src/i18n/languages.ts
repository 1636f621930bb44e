import type { Locale } from 'antd/es/locale';
import esES from 'antd/locale/es_ES';
import type { Language } from '@atende/core-contract';
import { CORE_ES } from './locales.js';

// Only Spanish (default and fallback) is in the start-up download; each other language is one chunk with the shell's
// texts and antd's own, fetched the first time it is chosen (or at start when it is the saved one).
const antdLocales: Partial<Record<Language, Locale>> = { es: esES };

/** The shell's texts of a language, loading them (and antd's texts for it) on first use. */
export async function loadCoreTexts(lang: Language): Promise<Record<string, unknown>> {
  if (lang === 'es') return CORE_ES;
  const chunk = lang === 'pt' ? await import('./locales.pt.js') : await import('./locales.en.js');
  antdLocales[lang] = chunk.antdLocale;
  return chunk.texts;
}

/** antd's texts for a language once loaded; Spanish until then. */
export function antdLocaleOf(lang: string): Locale {
  return antdLocales[lang as Language] ?? esES;
}
