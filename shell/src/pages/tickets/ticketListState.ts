import dayjs from 'dayjs';
import type { TicketDto } from '@atende/core-contract';

/**
 * The ticket list's state logic, kept pure so it can be unit-tested: which live ticket belongs in
 * which list, where it goes, and how rows are shown (core-operations §2 "Tickets screen", §4).
 */

export type TicketStatus = TicketDto['status'];

/** Who is looking, for the same visibility rule the server applies (core-operations §6). */
export interface TicketViewer {
  id: number;
  /** Admins (tickets-manager:showall) see every queue. */
  seesAll: boolean;
  queueIds: number[];
  /** allTicket 'enabled': queueless tickets may be viewed. */
  allTicket: boolean;
}

export interface TicketListFilter {
  /** The list's status; undefined for the search tab (every status). */
  status?: TicketStatus;
  /** Queues the list is narrowed to; null when not narrowed. */
  queueIds: number[] | null;
  /** A ticket must carry one of these tags; empty = any. */
  tagIds: number[];
  /** The search tab shows what the server found: live events update those rows but never add new ones. */
  searching: boolean;
  viewer: TicketViewer;
}

export type TicketListAction =
  /** A ticket changed or arrived (socket `ticket update`, `appMessage create`, or our own PUT). */
  | { type: 'upsert'; ticket: TicketDto; filter: TicketListFilter }
  | { type: 'delete'; ticketId: number }
  /** The ticket was opened somewhere: its unread count is back to zero. */
  | { type: 'unreadReset'; ticketId: number }
  | { type: 'contact'; contact: { id: number; name?: string; profilePicUrl?: string; number?: string } };

/** Whether the server would show this ticket to this viewer, in a list with these filters. */
export function belongsInList(ticket: TicketDto, filter: TicketListFilter): boolean {
  const { viewer } = filter;
  if (filter.status && ticket.status !== filter.status) return false;
  if (!viewer.seesAll) {
    const visible =
      ticket.userId === viewer.id ||
      (ticket.queueId !== null && viewer.queueIds.includes(ticket.queueId)) ||
      (ticket.queueId === null && viewer.allTicket);
    if (!visible) return false;
  }
  if (filter.queueIds && (ticket.queueId === null || !filter.queueIds.includes(ticket.queueId))) return false;
  if (filter.tagIds.length && !ticket.tags.some((t) => filter.tagIds.includes(t.id))) return false;
  return true;
}

export function ticketListReducer(tickets: TicketDto[], action: TicketListAction): TicketDto[] {
  switch (action.type) {
    case 'upsert': {
      const { ticket, filter } = action;
      const index = tickets.findIndex((t) => t.id === ticket.id);
      if (!belongsInList(ticket, filter)) return index === -1 ? tickets : tickets.filter((t) => t.id !== ticket.id);
      if (index === -1) return filter.searching ? tickets : [ticket, ...tickets];
      // Tickets with unread messages move to the top; others keep their place.
      if (ticket.unreadMessages > 0) return [ticket, ...tickets.filter((t) => t.id !== ticket.id)];
      return tickets.map((t) => (t.id === ticket.id ? ticket : t));
    }
    case 'delete':
      return tickets.some((t) => t.id === action.ticketId) ? tickets.filter((t) => t.id !== action.ticketId) : tickets;
    case 'unreadReset':
      return tickets.some((t) => t.id === action.ticketId && t.unreadMessages)
        ? tickets.map((t) => (t.id === action.ticketId ? { ...t, unreadMessages: 0 } : t))
        : tickets;
    case 'contact': {
      const { contact } = action;
      if (!tickets.some((t) => t.contactId === contact.id)) return tickets;
      return tickets.map((t) =>
        t.contactId === contact.id
          ? {
              ...t,
              contact: {
                ...t.contact,
                ...(contact.name !== undefined && { name: contact.name }),
                ...(contact.number !== undefined && { number: contact.number }),
                ...(contact.profilePicUrl !== undefined && { profilePicUrl: contact.profilePicUrl }),
              },
            }
          : t,
      );
    }
  }
}

/** Narrow screens show 10 characters of the contact's name plus dots (core-operations §9). */
export function shortName(name: string, narrow: boolean): string {
  return narrow && name.length > 10 ? `${name.slice(0, 10)}...` : name;
}

/** Time of the last message: HH:mm when it is today, otherwise dd/MM/yyyy (local time). */
export function lastMessageTime(iso: string, now: Date = new Date()): string {
  const at = dayjs(iso);
  return at.isSame(dayjs(now), 'day') ? at.format('HH:mm') : at.format('DD/MM/YYYY');
}

/**
 * Who the lists are for, as the server decides visibility: admins with show-all on see everything; admins
 * with it off see their queues, their own tickets and queueless ones; agents see their queues, their own
 * tickets, and queueless ones only when allowed (allTicket).
 */
export function viewerOf(
  user: { id: number; allTicket: 'enabled' | 'desabled'; queues: { id: number }[] } | null,
  isAdmin: boolean,
  showAll: boolean,
): TicketViewer {
  return {
    id: user?.id ?? 0,
    seesAll: isAdmin && showAll,
    queueIds: user?.queues.map((q) => q.id) ?? [],
    allTicket: isAdmin || user?.allTicket === 'enabled',
  };
}

// The lists' query lives apart (no dayjs): the tickets screen's first requests start before its code loads.
export { ticketQuery } from './ticketQuery.js';
