import { SETTING_ENDPOINTS } from '@atende/core-contract';
import { useCallback, useEffect, useState } from 'react';
import { $user, userUpdated, call } from '@atende/sdk-web';

export interface Setting {
  key: string;
  value: string;
}

/** The company options (GET /settings, every key with its default filled) and a saver for one key. */
export function useCompanySettings(enabled: boolean) {
  const [settings, setSettings] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<unknown>(null);

  const load = useCallback(() => {
    if (!enabled) return;
    setError(null);
    call(SETTING_ENDPOINTS.list).then(
      (list) => setSettings(Object.fromEntries(list.map((s) => [s.key, s.value]))),
      (err: unknown) => setError(err),
    );
  }, [enabled]);
  useEffect(load, [load]);

  /** Saves one option; the session's copy of the company settings follows so other screens see it at once. */
  const save = useCallback(async (key: string, value: string) => {
    const saved = await call(SETTING_ENDPOINTS.update, { params: { key }, body: { value } });
    setSettings((old) => ({ ...old, [saved.key]: saved.value }));
    const user = $user.getState();
    if (user) {
      const others = user.company.settings.filter((s) => s.key !== saved.key);
      userUpdated({ ...user, company: { ...user.company, settings: [...others, { key: saved.key, value: saved.value }] } });
    }
    return saved;
  }, []);

  return { settings, error, reload: load, save };
}
