import { Controller, Delete, Get, Inject, Put } from '@nestjs/common';
import { idParamSchema } from '@atende/core-contract';
import { AppError, CurrentUser, RequirePermission, TAGS, TICKETS, ZodParam, ZodQuery, ZodResponse, type AuthUser, type TagSummary, type TicketDetail, type TicketQuery, type Tags, type Tickets } from '@atende/sdk-server';
import { KANBAN_LANE_PAGE, kanbanPageSchema, kanbanQuerySchema, kanbanTagsSchema, ticketLaneSchema, type KanbanCard, type KanbanPage, type KanbanQuery, type TicketLane } from '@atende/plugin-kanban-contract';

/** The company's day (BUSINESS_TIMEZONE, as the kernel's lists take days) for the default date range. */
export function today(timeZone = process.env.BUSINESS_TIMEZONE || 'America/Lima', now = new Date()): string {
  // en-CA prints YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The number search: the digits typed ("+51 999-1" → "519991"), or the text as typed when it has none. */
export const numberTerm = (search: string) => search.replace(/\D/g, '') || search;

/** Lane statements run together on a board load (the pool has 20 connections for every request). */
const LANES_AT_ONCE = 4;

/** The lane a ticket sits in: its first tag that is a lane (lanes in board order), or null (no kanban tag). */
export function laneOf(ticket: Pick<TicketDetail, 'tags'>, lanes: readonly { id: number }[]): number | null {
  const own = new Set(ticket.tags.map((t) => t.id));
  return lanes.find((l) => own.has(l.id))?.id ?? null;
}

const card = (t: TicketDetail, lane: number | null): KanbanCard => ({
  id: t.id,
  uuid: t.uuid,
  status: t.status,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  lastMessage: t.lastMessage,
  contact: { id: t.contact.id, name: t.contact.name, number: t.contact.number },
  tags: t.tags,
  whatsappId: t.whatsappId,
  queueId: t.queueId,
  userId: t.userId,
  lane,
});

/**
 * The kanban board's API. Which tickets a user sees is the kernel's one visibility rule (the Tickets
 * port with `viewerUserId`); a lane page is one statement. The kernel checks sign-in, the plan flag
 * (useKanban) and these permissions; every id is checked against the company here.
 */
@Controller()
export class KanbanController {
  constructor(
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(TAGS) private readonly tags: Tags,
  ) {}

  @Get('tags/kanban')
  @RequirePermission('kanban:read')
  @ZodResponse(kanbanTagsSchema)
  async lanes(@CurrentUser() user: AuthUser) {
    return { lista: await this.tags.list(user.companyId, { kanban: true }) };
  }

  @Get('ticket/kanban')
  @RequirePermission('kanban:read')
  @ZodResponse(kanbanPageSchema)
  async board(@ZodQuery(kanbanQuerySchema) q: KanbanQuery, @CurrentUser() user: AuthUser): Promise<KanbanPage> {
    const lanes = await this.tags.list(user.companyId, { kanban: true });
    if (typeof q.lane === 'number' && !lanes.some((l) => l.id === q.lane)) throw AppError.notFound('ERR_NOT_FOUND');
    const base: TicketQuery = {
      viewerUserId: user.id,
      // The kernel's rule honours the switch for admins only; off (absent) an admin sees her queues too (§6).
      showAll: q.showAll === true,
      queueIds: q.queueIds,
      status: ['pending', 'open'],
      createdBetween: { from: q.startDate ?? today(), to: q.endDate ?? q.startDate ?? today() },
      ...(q.searchParam ? { contactNumber: numberTerm(q.searchParam) } : {}),
      ...(q.whatsappId !== undefined ? { whatsappId: q.whatsappId } : {}),
      limit: KANBAN_LANE_PAGE,
    };
    const laneIds = lanes.map((l) => l.id);
    const pageOf = async (lane: number | null, after?: string) => {
      const tags = lane === null ? { none: laneIds } : { any: [lane] };
      const page = await this.tickets.page(user.companyId, { ...base, tags, ...(after ? { after } : {}) });
      return { cards: page.tickets.map((t) => card(t, lane)), lane: { lane, hasMore: page.hasMore, cursor: page.cursor } };
    };
    const wanted: (number | null)[] = q.lane === undefined ? [null, ...laneIds] : [q.lane === 'none' ? null : q.lane];
    // A few lanes at a time: a company with many kanban tags must not take the whole connection pool.
    const pages: Awaited<ReturnType<typeof pageOf>>[] = [];
    for (let i = 0; i < wanted.length; i += LANES_AT_ONCE) pages.push(...(await Promise.all(wanted.slice(i, i + LANES_AT_ONCE).map((lane) => pageOf(lane, q.cursor)))));
    return { tickets: pages.flatMap((p) => p.cards), lanes: pages.map((p) => p.lane) };
  }

  /** Puts the ticket in the tag's lane: its other kanban tags go, this one comes, in one change. */
  @Put('ticket-tags/:ticketId/:tagId')
  @RequirePermission('kanban:move')
  @ZodResponse(ticketLaneSchema)
  async move(@ZodParam('ticketId', idParamSchema) ticketId: number, @ZodParam('tagId', idParamSchema) tagId: number, @CurrentUser() user: AuthUser): Promise<TicketLane> {
    await this.visibleTicket(user, ticketId);
    const lanes = await this.tags.list(user.companyId, { kanban: true });
    if (!lanes.some((l) => l.id === tagId)) await this.refuseTag(user.companyId, tagId);
    const tagIds = await this.tickets.retag(user.companyId, ticketId, { add: [tagId], remove: lanes.map((l) => l.id).filter((id) => id !== tagId) });
    return { ticketId, lane: tagId, tagIds };
  }

  /** Takes the ticket out of every lane (back to "no tag"); its other tags stay. */
  @Delete('ticket-tags/:ticketId')
  @RequirePermission('kanban:move')
  @ZodResponse(ticketLaneSchema)
  async clear(@ZodParam('ticketId', idParamSchema) ticketId: number, @CurrentUser() user: AuthUser): Promise<TicketLane> {
    await this.visibleTicket(user, ticketId);
    const lanes = await this.tags.list(user.companyId, { kanban: true });
    const tagIds = await this.tickets.retag(user.companyId, ticketId, { remove: lanes.map((l) => l.id) });
    return { ticketId, lane: null, tagIds };
  }

  /** 404 for a ticket the company lacks (another company's id), 403 for one of a queue the user does not work. */
  private async visibleTicket(user: AuthUser, ticketId: number) {
    if ((await this.tickets.find(user.companyId, { viewerUserId: user.id, ids: [ticketId], limit: 1 })).length) return;
    if (!(await this.tickets.get(user.companyId, ticketId))) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    throw AppError.forbidden();
  }

  /** A tag that is not a lane: 404 when the company has no such tag, 400 when it is one without the kanban flag. */
  private async refuseTag(companyId: number, tagId: number): Promise<never> {
    const [tag]: TagSummary[] = await this.tags.list(companyId, { ids: [tagId] });
    if (!tag) throw AppError.notFound('ERR_NOT_FOUND');
    throw AppError.validation([{ path: 'tagId', message: 'not_kanban' }]);
  }
}

