import { definePluginManifest, endpoint, type formDataBody } from '@atende/core-contract';
import type {
  checkUrlResultSchema,
  checkUrlSchema,
  integrationInputSchema,
  integrationListQuerySchema,
  integrationPageSchema,
  integrationSchema,
  integrationUpdateSchema,
  integrationRunSchema,
  testSessionResultSchema,
  testSessionSchema,
  Integration,
} from './schemas.js';
import type { z } from 'zod';

export * from './constants.js';
export * from './schemas.js';
export * from './types.js';

/** Integrations are an administrator's tool (core-operations §6: the drawer item is admin-only and needs useIntegrations). */
export const INTEGRATIONS_PERMISSIONS = {
  'integrations:read': ['admin', 'super'],
  'integrations:write': ['admin', 'super'],
} as const;

/** The plan flag that switches the plugin on (automation-productivity §6). */
export const INTEGRATIONS_PLAN_FLAG = 'useIntegrations';

export const INTEGRATIONS_MANIFEST = definePluginManifest({
  pages: { list: { path: '/queue-integration', permission: 'integrations:read' } },
  menu: [{ page: 'list', icon: 'api', permission: 'integrations:read', label: { es: 'Integraciones', pt: 'Integrações', en: 'Integrations' } }],
  // The binding selects (integrationId) in the connection and queue forms.
  zones: ['connection.modal.fields', 'queue.modal.tabs'],
});

/** Company-scoped live updates: `company-{id}-queueIntegration` with action create, update or delete (§7 Realtime). */
export const queueIntegrationEvent = (companyId: number) => `company-${companyId}-queueIntegration`;
export type QueueIntegrationEvent = { action: 'create' | 'update'; queueIntegration: Integration } | { action: 'delete'; integrationId: number };

/** The plugin's API: `/api/integrations/queueIntegration/…`, the spec's paths answered at `/api/queueIntegration/…` too (apiAliases). */
export const INTEGRATION_ENDPOINTS = {
  page: endpoint<{ query: typeof integrationListQuerySchema; response: typeof integrationPageSchema }>()({ method: 'GET', path: '/queueIntegration' }),
  show: endpoint<{ response: typeof integrationSchema }>()({ method: 'GET', path: '/queueIntegration/:id' }),
  create: endpoint<{ body: typeof integrationInputSchema; response: typeof integrationSchema }>()({ method: 'POST', path: '/queueIntegration' }),
  update: endpoint<{ body: typeof integrationUpdateSchema; response: typeof integrationSchema }>()({ method: 'PUT', path: '/queueIntegration/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/queueIntegration/:id' }),
  upload: endpoint<{ body: typeof formDataBody; response: typeof integrationSchema }>()({ method: 'POST', path: '/queueIntegration/:id/image-upload' }),
  removeImage: endpoint<{ response: typeof integrationSchema }>()({ method: 'DELETE', path: '/queueIntegration/:id/image-upload' }),
  testSession: endpoint<{ body: typeof testSessionSchema; response: typeof testSessionResultSchema }>()({ method: 'POST', path: '/queueIntegration/testSession' }),
  checkUrl: endpoint<{ body: typeof checkUrlSchema; response: typeof checkUrlResultSchema }>()({ method: 'POST', path: '/integrations/queueIntegration/check-url' }),
  types: endpoint<{ response: z.ZodArray<z.ZodString> }>()({ method: 'GET', path: '/integrations/queueIntegration/types' }),
  runs: endpoint<{ response: z.ZodArray<typeof integrationRunSchema> }>()({ method: 'GET', path: '/integrations/queueIntegration/runs/:ticketId' }),
};
