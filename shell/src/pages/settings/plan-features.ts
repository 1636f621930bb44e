import { useEffect, useState } from 'react';
import { PLUGIN_ENDPOINTS, type PlanFeatureInfo } from '@atende/core-contract';
import { call } from '@atende/sdk-web';

/**
 * The plan features installed plugins declare (issue 29 item 3), listed by the plan form and the plan
 * list next to the spec's flags. Empty until loaded, and when the list cannot be read (the spec's
 * flags still work).
 */
export function usePlanFeatures(): PlanFeatureInfo[] {
  const [features, setFeatures] = useState<PlanFeatureInfo[]>([]);
  useEffect(() => {
    let live = true;
    call(PLUGIN_ENDPOINTS.planFeatures).then(
      (list) => live && setFeatures(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return features;
}
