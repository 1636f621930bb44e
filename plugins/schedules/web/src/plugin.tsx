import { CalendarOutlined } from '@ant-design/icons';
import { defineWebPlugin } from '@atende/sdk-web';
import { SCHEDULES_MANIFEST } from '@atende/plugin-schedules-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'schedules',
  manifest: SCHEDULES_MANIFEST,
  pages: { list: () => import('./SchedulesPage.js') },
  menu: [{ path: SCHEDULES_MANIFEST.pages.list.path, icon: CalendarOutlined }],
  widgets: [
    { zone: 'ticket.options.menu', load: () => import('./TicketScheduleEntry.js') },
    { zone: 'ticket.header.actions', load: () => import('./TicketScheduleHost.js') },
  ],
  locales,
  errors: {
    es: { ERR_NO_SCHEDULE_FOUND: 'Agendamiento no encontrado.', ERR_SCHEDULE_ALREADY_SENT: 'Este agendamiento ya se envió.' },
    pt: { ERR_NO_SCHEDULE_FOUND: 'Agendamento não encontrado.', ERR_SCHEDULE_ALREADY_SENT: 'Este agendamento já foi enviado.' },
    en: { ERR_NO_SCHEDULE_FOUND: 'Schedule not found.', ERR_SCHEDULE_ALREADY_SENT: 'This schedule was already sent.' },
  },
});
