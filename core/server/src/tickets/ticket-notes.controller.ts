import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { can, idParamSchema, ticketNoteInputSchema, ticketNoteQuerySchema, ticketNoteSchema } from '@atende/core-contract';
import { AppError, CurrentUser, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { TicketNoteSchema, type TicketNote } from './ticket-note.entity.js';
import { UserSchema } from '../users/user.entity.js';
import { TicketsService } from './tickets.service.js';
import type { Exec } from './ticket-dto-sql.js';
import { visibleTicketIds } from './ticket-visibility.js';

/** Internal notes on a contact's tickets (contact drawer). Authors and admins delete them. */
@Controller('ticket-notes')
export class TicketNotesController {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
  ) {}

  private async dtos(notes: TicketNote[]) {
    const users = await this.em.find(UserSchema, { id: { $in: [...new Set(notes.map((n) => n.userId).filter((x): x is number => x != null))] } });
    const byId = new Map(users.map((u) => [u.id, { id: u.id, name: u.name }]));
    return notes.map((n) => ({
      id: n.id,
      note: n.note,
      ticketId: n.ticketId,
      contactId: n.contactId,
      user: n.userId ? (byId.get(n.userId) ?? null) : null,
      createdAt: n.createdAt.toISOString(),
    }));
  }

  @Get('list')
  @ZodResponse(ticketNoteSchema.array())
  async list(@ZodQuery(ticketNoteQuerySchema) q: z.infer<typeof ticketNoteQuerySchema>, @CurrentUser() user: AuthUser) {
    if (q.ticketId) await this.tickets.get(user, { id: q.ticketId });
    // Only notes of tickets this user may open (issue 9 item 15): another queue's notes stay private.
    const exec: Exec = (sql, params) => this.em.getConnection().execute(sql, params);
    const ticketIds = q.ticketId ? [q.ticketId] : await visibleTicketIds(exec, await this.tickets.viewer(user), q.contactId);
    const notes = await this.em.find(TicketNoteSchema, { contactId: q.contactId, ticketId: { $in: ticketIds } }, { orderBy: { id: 'desc' }, limit: 200 });
    return this.dtos(notes);
  }

  @Post()
  @ZodResponse(ticketNoteSchema)
  async create(@ZodBody(ticketNoteInputSchema) body: z.infer<typeof ticketNoteInputSchema>, @CurrentUser() user: AuthUser) {
    const ticket = await this.tickets.get(user, { id: body.ticketId });
    if (ticket.contactId !== body.contactId) throw AppError.validation([{ path: 'contactId', message: 'not_the_ticket_contact' }]);
    const note = this.em.create(TicketNoteSchema, { ...body, companyId: user.companyId, userId: user.id });
    await this.em.flush();
    return (await this.dtos([note]))[0];
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser) {
    const note = await this.em.findOne(TicketNoteSchema, { id });
    if (!note) throw AppError.notFound();
    if (note.userId !== user.id && !can(user, 'users:manage')) throw AppError.forbidden();
    await this.em.remove(note).flush();
  }
}
