import { Button } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { useT, type ZoneWidgetProps } from '@atende/sdk-web';
import { openFor } from './ticketSchedule.js';

/** "Schedule message" in the ticket's options menu: opens the schedule modal for the ticket's contact. */
export default function TicketScheduleEntry({ context }: ZoneWidgetProps<'ticket.options.menu'>) {
  const { t } = useT('schedules');
  const { ticket, close } = context;
  return (
    <Button
      type="text"
      block
      icon={<ScheduleOutlined />}
      style={{ textAlign: 'start', justifyContent: 'flex-start' }}
      onClick={() => {
        close();
        openFor({ ticketId: ticket.id, contact: { id: ticket.contact.id, name: ticket.contact.name } });
      }}
      data-testid="ticket-schedule-message"
    >
      {t('menuEntry')}
    </Button>
  );
}
