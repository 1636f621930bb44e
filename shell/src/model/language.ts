import { AUTH_ENDPOINTS } from '@atende/core-contract';
import type { Language } from '@atende/core-contract';
import { $token, changeLanguage, call } from '@atende/sdk-web';

/** Switches the interface language and, when signed in, saves it on the user (failures are ignored). */
export function selectLanguage(lang: Language): void {
  void changeLanguage(lang);
  if ($token.getState()) call(AUTH_ENDPOINTS.setLanguage, { params: { lang } }).catch(() => undefined);
}
