import type { z } from 'zod';
import { definePluginManifest, endpoint } from '@atende/core-contract';
import type {
  authQuerySchema,
  authStatusSchema,
  authUrlSchema,
  callbackBodySchema,
  callbackResultSchema,
  disconnectBodySchema,
  disconnectResultSchema,
  sheetsListSchema,
  sheetsQuerySchema,
} from './schemas.js';

export * from './schemas.js';
export * from './spreadsheet-id.js';

/**
 * Google Sheets (automation-productivity §2–§9): OAuth per company, sheets listing, rows appended by the
 * flow builder's Sheets step and by keywords. The same plan gate as the integrations plugin
 * (`useIntegrations`); connecting and disconnecting are the admins' (they manage integrations).
 */
export const GOOGLE_SHEETS_PERMISSIONS = {
  'google-sheets:read': ['user', 'supervisor', 'admin', 'super'],
  'google-sheets:write': ['admin', 'super'],
} as const;

export const GOOGLE_SHEETS_MANIFEST = definePluginManifest({
  pages: {
    main: { path: '/google-sheets', permission: 'google-sheets:write' },
    // The OAuth popup lands here (public: rendered without sign-in; `opener`: served without COOP so it
    // still has its opener after Google's pages, and posts the code to it).
    callback: { path: '/google-sheets/callback', public: true, opener: true },
  },
  menu: [{ page: 'main', icon: 'api', permission: 'google-sheets:write', label: { es: 'Google Sheets', pt: 'Google Sheets', en: 'Google Sheets' } }],
});

/** Error codes and their Spanish texts (§8, exactly); the web's `errors` table gives pt and en. */
export const GOOGLE_SHEETS_ERRORS = {
  notAuthenticated: 'ERR_GOOGLE_SHEETS_NOT_AUTHENTICATED',
  integrationNotFound: 'ERR_GOOGLE_SHEETS_INTEGRATION_NOT_FOUND',
  listFailed: 'ERR_GOOGLE_SHEETS_LIST_FAILED',
  sessionExpired: 'ERR_GOOGLE_SHEETS_SESSION_EXPIRED',
  notConfigured: 'ERR_GOOGLE_SHEETS_NOT_CONFIGURED',
  badState: 'ERR_GOOGLE_SHEETS_BAD_STATE',
  authFailed: 'ERR_GOOGLE_SHEETS_AUTH_FAILED',
  appendFailed: 'ERR_GOOGLE_SHEETS_APPEND_FAILED',
} as const;

export const GOOGLE_SHEETS_TEXTS_ES: Record<(typeof GOOGLE_SHEETS_ERRORS)[keyof typeof GOOGLE_SHEETS_ERRORS], string> = {
  ERR_GOOGLE_SHEETS_NOT_AUTHENTICATED: 'Google Sheets no está autenticado. Por favor autentica primero.',
  ERR_GOOGLE_SHEETS_INTEGRATION_NOT_FOUND: 'Integración no encontrada',
  ERR_GOOGLE_SHEETS_LIST_FAILED: 'Error al obtener las hojas disponibles. Verifica el ID de la hoja de cálculo.',
  ERR_GOOGLE_SHEETS_SESSION_EXPIRED: 'Tu sesión de Google Sheets ha expirado. Por favor, autentica nuevamente.',
  ERR_GOOGLE_SHEETS_NOT_CONFIGURED: 'Error del servidor. Verifica la configuración de Google Sheets.',
  ERR_GOOGLE_SHEETS_BAD_STATE: 'La autorización expiró o no es válida. Intenta conectar de nuevo.',
  ERR_GOOGLE_SHEETS_AUTH_FAILED: 'Google rechazó la autorización. Intenta conectar de nuevo.',
  ERR_GOOGLE_SHEETS_APPEND_FAILED: 'No se pudo agregar la fila a la hoja de cálculo.',
};

/** Popup → opener messages (§7). */
export const CALLBACK_SOURCE = 'google-sheets-callback';
export const CALLBACK_MESSAGES = { success: 'GOOGLE_SHEETS_AUTH_SUCCESS', error: 'GOOGLE_SHEETS_AUTH_ERROR', googleSuccess: 'GOOGLE_AUTH_SUCCESS', googleError: 'GOOGLE_AUTH_ERROR' } as const;

/** Realtime: the company's connection changed (connected, refreshed, disconnected). */
export const GOOGLE_SHEETS_EVENT = 'google-sheets';
export type GoogleSheetsEvent = { action: 'connected' | 'disconnected'; authIntegrationId: number | null };

/** Global (super user) settings: the Google app and where Google is (a fake in tests). */
export const GOOGLE_SHEETS_GLOBAL_SETTINGS = {
  clientId: 'google-sheets.clientId',
  clientSecret: 'google-sheets.clientSecret',
  authUrl: 'google-sheets.authUrl',
  tokenUrl: 'google-sheets.tokenUrl',
  sheetsUrl: 'google-sheets.sheetsUrl',
  redirectUri: 'google-sheets.redirectUri',
  /** Generated: encrypts the stored tokens and signs the OAuth state. */
  key: 'google-sheets.key',
} as const;

type Q<T> = T;
/** The spec's /queueIntegration paths (§7), served by the plugin's routes under /api/google-sheets through `apiAliases`; the callback hand-over is this plugin's own. */
export const GOOGLE_SHEETS_ENDPOINTS = {
  auth: endpoint<{ query: Q<typeof authQuerySchema>; response: typeof authUrlSchema }>()({ method: 'GET', path: '/queueIntegration/google-sheets/auth' }),
  authStatus: endpoint<{ response: typeof authStatusSchema }>()({ method: 'GET', path: '/queueIntegration/google-sheets/auth-status' }),
  disconnect: endpoint<{ body: typeof disconnectBodySchema; response: typeof disconnectResultSchema }>()({ method: 'POST', path: '/queueIntegration/google-sheets/disconnect' }),
  disconnectOne: endpoint<{ response: typeof disconnectResultSchema }>()({ method: 'POST', path: '/queueIntegration/google-sheets/disconnect/:id' }),
  sheets: endpoint<{ query: typeof sheetsQuerySchema; response: typeof sheetsListSchema }>()({ method: 'GET', path: '/queueIntegration/:id/google-sheets/sheets' }),
  callback: endpoint<{ body: typeof callbackBodySchema; response: typeof callbackResultSchema }>()({ method: 'POST', path: '/queueIntegration/google-sheets/callback' }),
};
export type { z };
