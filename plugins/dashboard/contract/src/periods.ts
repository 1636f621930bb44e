/** The periods a manager picks (commercial-admin §9), in days ending today in the company's time zone. */
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
/** The period the page opens on. */
export const DASHBOARD_DEFAULT_DAYS = 7;
/** The longest custom range, in days. */
export const MAX_RANGE_DAYS = 366;
