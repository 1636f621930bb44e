import { z } from 'zod';

/** The platform key that seals every company's access tokens and app secrets (generated on first use). */
export const SETTING_SEAL_KEY = 'cloud-api.sealKey';

export const CLOUD_API_SETTINGS = {
  company: {},
  global: {
    [SETTING_SEAL_KEY]: { schema: z.string().max(200), default: '', secret: true },
  },
};

/**
 * The Graph API's base URL: platform configuration (env), never a tenant's, so no tenant can point
 * Atende's requests (with its tokens) anywhere. Tests point it at the local fake.
 */
export const graphBaseUrl = (): string => (process.env.CLOUD_API_GRAPH_URL || 'https://graph.facebook.com/v21.0').replace(/\/+$/, '');
