import { ApiOutlined, KeyOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { defineWebPlugin } from '@atende/sdk-web';
import { FLOWBUILDER_MANIFEST } from '@atende/plugin-flowbuilder-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'flowbuilder',
  manifest: FLOWBUILDER_MANIFEST,
  pages: {
    list: () => import('./FlowsPage.js'),
    canvas: () => import('./canvas/FlowCanvasPage.js'),
    keywords: () => import('./KeywordsPage.js'),
    phrases: () => import('./PhrasesPage.js'),
  },
  menu: [
    { path: FLOWBUILDER_MANIFEST.pages.list.path, icon: ApiOutlined },
    { path: FLOWBUILDER_MANIFEST.pages.phrases.path, icon: ThunderboltOutlined },
    { path: FLOWBUILDER_MANIFEST.pages.keywords.path, icon: KeyOutlined },
  ],
  // The binding field `flowId` (declared, in `bindings`) names a flow: chosen per connection, per queue, or for all (REVINCULAR).
  widgets: [
    { zone: 'connections.page.actions', load: () => import('./bindings/RebindButton.js') },
    { zone: 'connection.modal.fields', load: () => import('./bindings/ConnectionFlowField.js') },
    { zone: 'queue.modal.tabs', load: () => import('./bindings/QueueFlowTab.js'), label: { es: 'Flujo', pt: 'Fluxo', en: 'Flow' } },
  ],
  locales,
  errors: {
    es: {
      ERR_FLOW_NOT_FOUND: 'Flujo no encontrado.',
      ERR_FLOW_IMPORT_FORMAT: 'El archivo no tiene el formato correcto',
      ERR_FLOW_CAMPAIGN_NOT_FOUND: 'Activador no encontrado.',
      ERR_TAG_NOT_FOUND: 'Etiqueta, cola, usuario o conexión no encontrada.',
    },
    pt: {
      ERR_FLOW_NOT_FOUND: 'Fluxo não encontrado.',
      ERR_FLOW_IMPORT_FORMAT: 'O arquivo não tem o formato correto',
      ERR_FLOW_CAMPAIGN_NOT_FOUND: 'Ativador não encontrado.',
      ERR_TAG_NOT_FOUND: 'Etiqueta, fila, usuário ou conexão não encontrada.',
    },
    en: {
      ERR_FLOW_NOT_FOUND: 'Flow not found.',
      ERR_FLOW_IMPORT_FORMAT: 'The file does not have the right format',
      ERR_FLOW_CAMPAIGN_NOT_FOUND: 'Phrase trigger not found.',
      ERR_TAG_NOT_FOUND: 'Tag, queue, user or connection not found.',
    },
  },
});
