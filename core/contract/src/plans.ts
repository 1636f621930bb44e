/**
 * The seven plan flags of commercial-admin §3 (columns of plans, top-level booleans of the plan API).
 * The list of features is open (issue 29 item 3): a plugin's manifest may declare its own
 * (`planFeatures: { useMyThing: label }`), served in a plan's `features` map.
 */
export const PLAN_FLAGS = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];
/** A plan feature: one of the spec's flags or one a plugin declares (`use` + PascalCase). */
export type PlanFeature = PlanFlag | `use${string}`;
export const PLAN_FEATURE_PATTERN = /^use[A-Z][A-Za-z0-9]{0,56}$/;
/** The features a company's plan has: the spec's flags always, declared features by name. */
export type PlanFlags = Record<PlanFlag, boolean> & Record<string, boolean>;
