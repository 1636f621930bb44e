import { can, ticketNoteInputSchema, type SessionUser, type TicketDto } from '@atende/core-contract';
import { ApiError } from '@atende/sdk-web';

/** How a failed GET /tickets/u/{uuid} ends the view: 403 "Acesso não permitido", 404 not found, or a retry. */
export type LoadFailure = 'unauthorized' | 'notFound' | 'error';

export function loadFailure(err: unknown): LoadFailure {
  if (err instanceof ApiError) {
    if (err.status === 403 && err.code !== 'ERR_SESSION_EXPIRED') return 'unauthorized';
    if (err.status === 404) return 'notFound';
  }
  return 'error';
}

export type TicketAction = 'accept' | 'return' | 'resolve' | 'reopen';

/** The buttons of the header by status (core-operations §2, §4). */
export function actionsFor(status: TicketDto['status']): TicketAction[] {
  if (status === 'pending') return ['accept'];
  if (status === 'open') return ['return', 'resolve'];
  return ['reopen'];
}

/** PUT /tickets/{id} body of each transition; the server assigns the caller on accept, resolve and reopen. */
export function actionBody(action: TicketAction, myId: number): { status: TicketDto['status']; userId?: number | null } {
  switch (action) {
    case 'accept':
    case 'reopen':
      return { status: 'open', userId: myId };
    case 'return':
      return { status: 'pending', userId: null };
    case 'resolve':
      return { status: 'closed', userId: myId };
  }
}

/**
 * Whether this user may still see the ticket after a change (the server's visibility rule, core-operations §6):
 * admins see all; agents their queues' tickets, their own, and queueless ones when allowed.
 */
export function stillVisible(ticket: Pick<TicketDto, 'queueId' | 'userId'>, me: Pick<SessionUser, 'id' | 'profile' | 'super' | 'queues' | 'allTicket'>): boolean {
  if (can(me, 'tickets-manager:showall')) return true;
  if (ticket.userId === me.id) return true;
  if (ticket.queueId === null) return me.allTicket === 'enabled';
  return me.queues.some((q) => q.id === ticket.queueId);
}

/** The note form's rule, the same as the server's contract (min 2 after trimming): a locale key, or null when valid. */
export function noteError(text: string): 'noteRequired' | 'noteTooShort' | 'noteTooLong' | null {
  if (!text.trim()) return 'noteRequired';
  const parsed = ticketNoteInputSchema.shape.note.safeParse(text);
  if (parsed.success) return null;
  return parsed.error.issues[0]?.message === 'too_long' ? 'noteTooLong' : 'noteTooShort';
}

/** Authors and admins delete a note, exactly as DELETE /ticket-notes/{id} allows ('users:manage'). */
export function canDeleteNote(note: { user: { id: number } | null }, me: Pick<SessionUser, 'id' | 'profile' | 'super'> | null): boolean {
  if (!me) return false;
  return note.user?.id === me.id || can(me, 'users:manage');
}

/** The transfer modal's user search starts at 3 typed characters (core-operations §5). */
export const USER_SEARCH_MIN = 3;

/** Users whose name contains the search (accents and case ignored); nothing below 3 characters. */
export function matchUsers<U extends { name: string }>(users: U[], search: string): U[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const wanted = fold(search.trim());
  if (wanted.length < USER_SEARCH_MIN) return [];
  return users.filter((u) => fold(u.name).includes(wanted));
}

/** PUT /tickets/{id} body of a transfer: a queue is required; without a user the ticket waits in that queue. */
export function transferBody(queueId: number | undefined, userId: number | undefined): { queueId: number; userId?: number } | null {
  if (!queueId) return null;
  return userId ? { queueId, userId } : { queueId };
}

/** Links of the contact drawer: the phone (tel:), WhatsApp (wa.me) and e-mail (mailto:). */
export function contactLinks(contact: { number: string; email?: string; isGroup?: boolean }) {
  const digits = contact.number.replace(/\D/g, '');
  return {
    tel: digits && !contact.isGroup ? `tel:+${digits}` : null,
    whatsapp: digits && !contact.isGroup ? `https://wa.me/${digits}` : null,
    mail: contact.email ? `mailto:${contact.email}` : null,
  };
}
