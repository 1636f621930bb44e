import { App } from 'antd';
import { ERROR_MESSAGES, type Language } from '@atende/core-contract';
import { ApiError } from './api.js';
import { i18n } from './i18n.js';

/** The text the user sees for an error: translated by code when known, else the server's text (core-operations §8). */
export function errorText(err: unknown): string {
  const lang = (i18n.language as Language) in ERROR_MESSAGES ? (i18n.language as Language) : 'es';
  if (err instanceof ApiError) {
    const known = err.code ? (ERROR_MESSAGES[lang] as Record<string, string>)[err.code] : undefined;
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
  return (err: unknown) => {
    if (!(err instanceof ApiError) && !(err instanceof Error)) console.error('An error occurred!', err);
    void message.error({ content: errorText(err), duration: 2 });
  };
}
