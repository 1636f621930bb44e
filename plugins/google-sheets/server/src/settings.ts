import { z } from 'zod';
import { GOOGLE_SHEETS_GLOBAL_SETTINGS as G } from '@atende/plugin-google-sheets-contract';

/** A base URL a super user may point elsewhere (a fake Google in tests); http only for tests' local fakes. */
const baseUrl = z.string().trim().url().max(500);
const env = (name: string, fallback: string) => process.env[name]?.trim() || fallback;

/**
 * Platform (super user) settings: the Google app (its secret is read only by who may change global
 * settings and never reaches a company's browser) and where Google's three endpoints are. Their
 * defaults are Google's, or the GOOGLE_* environment variables when set (how tests aim at the fake).
 */
export const GOOGLE_SHEETS_SETTINGS = {
  global: {
    [G.clientId]: { schema: z.string().trim().max(300), default: env('GOOGLE_CLIENT_ID', '') },
    [G.clientSecret]: { schema: z.string().trim().max(300), default: env('GOOGLE_CLIENT_SECRET', ''), secret: true },
    [G.authUrl]: { schema: baseUrl, default: env('GOOGLE_OAUTH_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth') },
    [G.tokenUrl]: { schema: baseUrl, default: env('GOOGLE_OAUTH_TOKEN_URL', 'https://oauth2.googleapis.com/token') },
    [G.sheetsUrl]: { schema: baseUrl, default: env('GOOGLE_SHEETS_API_URL', 'https://sheets.googleapis.com/') },
    /** Empty: the page's own origin + /google-sheets/callback (it must be registered in the Google app). */
    [G.redirectUri]: { schema: z.union([z.literal(''), baseUrl]), default: env('GOOGLE_REDIRECT_URI', '') },
    [G.key]: { schema: z.string().refine((s) => s === '' || s.length >= 32, 'too_short').pipe(z.string().max(500)), default: '', secret: true },
  },
};
