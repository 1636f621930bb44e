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
    report: () => import('./campaigns/CampaignReportPage.js'),
  },
  menu: [{ path: CAMPAIGNS_MANIFEST.pages.main.path, icon: NotificationOutlined }],
  widgets: [{ zone: 'dashboard.cards', load: () => import('./dashboard/SentTodayCard.js') }],
  locales,
  errors: {
    es: {
      ERR_NO_CONTACT_LIST_FOUND: 'Lista de contactos no encontrada.',
      ERR_NO_CONTACT_LIST_ITEM_FOUND: 'Contacto no encontrado.',
      ERR_NO_CAMPAIGN_FOUND: 'Campaña no encontrada.',
      ERR_NO_TAG_FOUND: 'Etiqueta no encontrada.',
      ERR_CAMPAIGN_NOT_EDITABLE: 'Esta campaña ya no se puede editar.',
      ERR_CAMPAIGN_INVALID_STATUS: 'La campaña no está en un estado que permita esta acción.',
    },
    pt: {
      ERR_NO_CONTACT_LIST_FOUND: 'Lista de contatos não encontrada.',
      ERR_NO_CONTACT_LIST_ITEM_FOUND: 'Contato não encontrado.',
      ERR_NO_CAMPAIGN_FOUND: 'Campanha não encontrada.',
      ERR_NO_TAG_FOUND: 'Etiqueta não encontrada.',
      ERR_CAMPAIGN_NOT_EDITABLE: 'Esta campanha não pode mais ser editada.',
      ERR_CAMPAIGN_INVALID_STATUS: 'A campanha não está em um estado que permita esta ação.',
    },
    en: {
      ERR_NO_CONTACT_LIST_FOUND: 'Contact list not found.',
      ERR_NO_CONTACT_LIST_ITEM_FOUND: 'Contact not found.',
      ERR_NO_CAMPAIGN_FOUND: 'Campaign not found.',
      ERR_NO_TAG_FOUND: 'Tag not found.',
      ERR_CAMPAIGN_NOT_EDITABLE: 'This campaign can no longer be edited.',
      ERR_CAMPAIGN_INVALID_STATUS: 'The campaign is not in a state that allows this.',
    },
  },
});
