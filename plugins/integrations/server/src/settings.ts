import { z } from 'zod';

/** Platform secret the credentials at rest and the derived webhook keys come from (generated once, never shown). */
export const CREDENTIALS_KEY = 'integrations.credentialsKey';
/** A company's own HMAC key for the webhook/n8n signature; empty: derived per company from the platform secret. */
export const WEBHOOK_SECRET = 'integrations.webhookSecret';
/** Where Google's services are (configurable so tests and private deployments point elsewhere). */
export const DIALOGFLOW_BASE_URL = 'integrations.dialogflowBaseUrl';
export const GOOGLE_TOKEN_URL = 'integrations.googleTokenUrl';
/** Time limit of one remote call, in ms. */
export const REMOTE_TIMEOUT_MS = 'integrations.remoteTimeoutMs';

const url = z.string().trim().url().max(500);

export const INTEGRATIONS_SETTINGS = {
  company: {
    [WEBHOOK_SECRET]: { schema: z.string().refine((s) => s === '' || s.length >= 16, 'too_short').pipe(z.string().max(200)), default: '', secret: true },
  },
  global: {
    [CREDENTIALS_KEY]: { schema: z.string().refine((s) => s === '' || s.length >= 32, 'too_short').pipe(z.string().max(500)), default: '', secret: true },
    [DIALOGFLOW_BASE_URL]: { schema: url, default: 'https://dialogflow.googleapis.com' },
    [GOOGLE_TOKEN_URL]: { schema: url, default: 'https://oauth2.googleapis.com/token' },
    [REMOTE_TIMEOUT_MS]: { schema: z.string().regex(/^\d{3,5}$/), default: '8000' },
  },
};
