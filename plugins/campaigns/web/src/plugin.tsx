import { NotificationOutlined } from '@ant-design/icons';
import { defineWebPlugin } from '@atende/sdk-web';
import { CAMPAIGNS_MANIFEST } from '@atende/plugin-campaigns-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'campaigns',
  manifest: CAMPAIGNS_MANIFEST,
  pages: {
    main: () => import('./CampaignsPage.js'),
    contactListItems: () => import('./contact-lists/ContactListItemsPage.js'),
  },
  menu: [{ path: CAMPAIGNS_MANIFEST.pages.main.path, icon: NotificationOutlined }],
  locales,
  errors: {
    es: { ERR_NO_CONTACT_LIST_FOUND: 'Lista de contactos no encontrada.', ERR_NO_CONTACT_LIST_ITEM_FOUND: 'Contacto no encontrado.' },
    pt: { ERR_NO_CONTACT_LIST_FOUND: 'Lista de contatos não encontrada.', ERR_NO_CONTACT_LIST_ITEM_FOUND: 'Contato não encontrado.' },
    en: { ERR_NO_CONTACT_LIST_FOUND: 'Contact list not found.', ERR_NO_CONTACT_LIST_ITEM_FOUND: 'Contact not found.' },
  },
});
