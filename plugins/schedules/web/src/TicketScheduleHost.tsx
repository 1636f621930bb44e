import type { ZoneWidgetProps } from '@atende/sdk-web';
import { ScheduleModal } from './ScheduleModal.js';
import { openFor, useTarget } from './ticketSchedule.js';

/** Shows nothing in the ticket header but the modal the options menu's entry opens, for this ticket only. */
export default function TicketScheduleHost({ context }: ZoneWidgetProps<'ticket.header.actions'>) {
  const target = useTarget();
  const open = !!target && target.ticketId === context.ticket.id;
  return <ScheduleModal open={open} schedule={null} contact={open && target ? target.contact : null} onClose={() => openFor(null)} />;
}
