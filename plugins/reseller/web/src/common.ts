import { useCallback, useEffect, useState } from 'react';
import { call, formatDate } from '@atende/sdk-web';
import { BILLING_ENDPOINTS, type PlanCard } from '@atende/plugin-billing-contract';

/** The i18n namespace of this plugin's texts (its id). */
export const NS = 'reseller';

export const dateText = (v: string | null, lang: string) => (v ? formatDate(v, lang) : '—');

/** The plans a referral may move to: billing's offer (its subscription overview), reloadable. */
export function useOfferedPlans() {
  const [plans, setPlans] = useState<PlanCard[]>([]);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(async () => {
    try {
      setPlans((await call(BILLING_ENDPOINTS.overview)).plans);
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, []);
  useEffect(() => void reload(), [reload]);
  return { plans, error };
}
