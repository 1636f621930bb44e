import { useCallback } from 'react';
import { App } from 'antd';
import { ERROR_MESSAGES, type Language } from '@atende/core-contract';
import { ApiError } from './api.js';
import { i18n } from './i18n.js';

/** Error texts plugins contribute (issue 12 item 4): code → text per language, es required. */
export type PluginErrorTexts = { es: Record<string, string> } & Partial<Record<Language, Record<string, string>>>;

const pluginErrors: Partial<Record<Language, Record<string, string>>> = {};

/**
 * Adds a plugin's error codes and texts (the shell does it when the plugin's remote loads, from its
 * `errors`). Codes are `ERR_<PLUGIN>_…` in capitals; a kernel code cannot be redefined.
 */
export function registerErrorTexts(pluginId: string, texts: PluginErrorTexts): void {
  for (const [lang, byCode] of Object.entries(texts) as [Language, Record<string, string>][]) {
    for (const [code, text] of Object.entries(byCode)) {
      if (!/^ERR_[A-Z0-9_]+$/.test(code)) throw new Error(`Plugin ${pluginId}: error code "${code}" must look like ERR_SOMETHING.`);
      if (code in ERROR_MESSAGES.es) throw new Error(`Plugin ${pluginId}: "${code}" is a kernel error code.`);
      (pluginErrors[lang] ??= {})[code] = text;
    }
  }
}

/** The text of a code in the current language, falling back to Spanish: the kernel's, then the plugins'. */
function textOf(code: string, lang: Language): string | undefined {
  return (
    (ERROR_MESSAGES[lang] as Record<string, string>)[code] ??
    pluginErrors[lang]?.[code] ??
    (ERROR_MESSAGES.es as Record<string, string>)[code] ??
    pluginErrors.es?.[code]
  );
}

/** The text the user sees for an error: translated by code when known, else the server's text (core-operations §8). */
export function errorText(err: unknown): string {
  const lang = (i18n.language as Language) in ERROR_MESSAGES ? (i18n.language as Language) : 'es';
  if (err instanceof ApiError) {
    const known = err.code ? textOf(err.code, lang) : undefined;
    if (known) return known;
    if (err.message) return err.message;
  } else if (err instanceof Error && err.message) {
    return err.message;
  }
  return ERROR_MESSAGES[lang].ERR_INTERNAL_SERVER_ERROR;
}

/** The shared error toast: 2 seconds, translated by code (core-operations §8). */
export function useErrorToast(): (err: unknown) => void {
  const { message } = App.useApp();
  // Stable across renders: callers put it in useCallback/useEffect dependencies (a new function each render made
  // a list's loader, and so its effect, run again on every render: a request storm and a table always loading).
  return useCallback(
    (err: unknown) => {
      if (!(err instanceof ApiError) && !(err instanceof Error)) console.error('An error occurred!', err);
      void message.error({ content: errorText(err), duration: 2 });
    },
    [message],
  );
}
