import type { Language } from '@atende/core-contract';
import { $token, api, changeLanguage } from '@atende/sdk-web';

/** Switches the interface language and, when signed in, saves it on the user (failures are ignored). */
export function selectLanguage(lang: Language): void {
  void changeLanguage(lang);
  if ($token.getState()) api.post(`/users/set-language/${lang}`).catch(() => undefined);
}
