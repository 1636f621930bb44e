import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@atende/core-contract';
import { STORAGE_KEYS } from './session.model.js';

/** A plugin's texts per language (es is the fallback). */
export type Locales = Partial<Record<Language, Record<string, unknown>>>;

/** The language used when none is chosen, and the fallback of every text: Spanish. */
export const DEFAULT_LANGUAGE: Language = 'es';

/** The language the user chose on this browser, or the default. */
export function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.language);
    if (v && (LANGUAGES as readonly string[]).includes(v)) return v as Language;
  } catch {
    /* no storage */
  }
  return DEFAULT_LANGUAGE;
}

/** One i18next instance for the page; the SDK is a shared singleton so remotes get this same one. */
export const i18n: I18n = i18next.createInstance();

/** Fetches the core texts of a language that did not ship with the page. */
export type CoreTextsLoader = (lang: Language) => Promise<Record<string, unknown>>;
let loadCoreTexts: CoreTextsLoader | undefined;

/**
 * Starts i18next with the core texts at hand (at least the default language); `loadLanguage` fetches any other
 * language's core texts when it is first needed: at start for a saved language, or on `changeLanguage`.
 */
export async function initI18n(coreLocales: Locales, loadLanguage?: CoreTextsLoader): Promise<I18n> {
  if (i18n.isInitialized) return i18n;
  loadCoreTexts = loadLanguage;
  const lng = storedLanguage();
  const resources: Locales = { ...coreLocales };
  // A language that cannot be fetched now falls back to the default one; choosing it again retries.
  if (!resources[lng] && loadLanguage) resources[lng] = await loadLanguage(lng).catch(() => undefined);
  await i18n.use(initReactI18next).init({
    lng: resources[lng] ? lng : DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'core',
    ns: ['core'],
    resources: Object.fromEntries(Object.entries(resources).map(([l, res]) => [l, { core: res }])),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = i18n.language;
  return i18n;
}

/** Adds a plugin's texts under its own namespace (its id). */
export function registerLocales(namespace: string, locales: Locales): void {
  for (const [lng, res] of Object.entries(locales)) i18n.addResourceBundle(lng, namespace, res, true, true);
}

/** Switches the interface language and remembers it on this browser. */
export async function changeLanguage(lang: Language): Promise<void> {
  // The texts first, so the interface never shows a language half-translated.
  if (loadCoreTexts && !i18n.hasResourceBundle(lang, 'core')) i18n.addResourceBundle(lang, 'core', await loadCoreTexts(lang), true, true);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEYS.language, lang);
  } catch {
    /* no storage */
  }
}

/** `t()` for a plugin's namespace, falling back to the core texts. */
export function useT(namespace = 'core') {
  return useTranslation([namespace, 'core'], { i18n });
}

/** Picks the current language's text of a server-provided label, falling back to Spanish. */
export function localized(text: Partial<Record<Language, string>> & { es: string }, lang: string): string {
  return text[lang as Language] ?? text.es;
}
