import { defineWebPlugin } from '@atende/sdk-web';
import { INTEGRATIONS_MANIFEST } from '@atende/plugin-integrations-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'integrations',
  manifest: INTEGRATIONS_MANIFEST,
  pages: { list: () => import('./IntegrationsPage.js') },
  // The kernel's binding field `integrationId` names an integration: chosen per connection or per queue.
  widgets: [
    { zone: 'connection.modal.fields', load: () => import('./bindings/ConnectionIntegrationField.js') },
    { zone: 'queue.modal.tabs', load: () => import('./bindings/QueueIntegrationTab.js'), label: { es: 'Integración', pt: 'Integração', en: 'Integration' } },
  ],
  locales,
  errors: {
    es: { ERR_NO_INTEGRATION_FOUND: 'Integración no encontrada' },
    pt: { ERR_NO_INTEGRATION_FOUND: 'Integração não encontrada' },
    en: { ERR_NO_INTEGRATION_FOUND: 'Integration not found' },
  },
});
