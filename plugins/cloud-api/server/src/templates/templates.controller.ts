import { Controller, Get, Inject, Post } from '@nestjs/common';
import { z } from 'zod';
import {
  AppError,
  CONTACTS,
  CurrentUser,
  MESSAGES,
  RequirePermission,
  TICKETS,
  ZodBody,
  ZodParam,
  type AuthUser,
  type Contacts,
  type Messages,
  type TicketSummary,
  type Tickets,
} from '@atende/sdk-server';
import { templateSendSchema, type CloudApiTemplate, type CloudApiWindow, type TemplateSend } from '@atende/plugin-cloud-api-contract';
import { GraphError, apiCodeFor } from '../graph/graph-errors.js';
import { GraphClientFactory } from '../graph/graph-client.factory.js';
import { NumberStore, type OpenNumber } from '../numbers/number-store.js';
import { templateCorrelation } from '../channel/cloud-api.provider.js';
import { windowClosesAt, windowOpen } from '../channel/window.js';
import { renderTemplate, toTemplate } from './render.js';

const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** /api/cloud-api/tickets/:ticketId/…: a ticket's window and its connection's templates (whoever may see the ticket). */
@Controller('cloud-api/tickets')
export class TemplatesController {
  constructor(
    private readonly store: NumberStore,
    private readonly graph: GraphClientFactory,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(CONTACTS) private readonly contacts: Contacts,
    @Inject(MESSAGES) private readonly messages: Messages,
  ) {}

  /** The ticket if this user may see it (404 otherwise, as the kernel's own routes answer). */
  private async visibleTicket(user: AuthUser, ticketId: number): Promise<TicketSummary> {
    const [ticket] = await this.tickets.find(user.companyId, { viewerUserId: user.id, ids: [ticketId], limit: 1 });
    if (!ticket) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    return ticket;
  }

  private async numberOf(user: AuthUser, ticket: TicketSummary): Promise<OpenNumber> {
    const row = await this.store.byConnection(user.companyId, ticket.whatsappId);
    if (!row) throw new AppError('ERR_CLOUD_API_NOT_CONFIGURED', 400, 'The ticket is not on a Cloud API connection.');
    return this.store.open(row);
  }

  private async templatesOf(number: OpenNumber): Promise<CloudApiTemplate[]> {
    try {
      return (await this.graph.client().templates(number.row.waba_id, number.accessToken)).map(toTemplate);
    } catch (err) {
      if (err instanceof GraphError) throw new AppError(apiCodeFor(err), 502, `Graph: ${err.message}`);
      throw err;
    }
  }

  @Get(':ticketId/window')
  @RequirePermission('cloud-api:read')
  async window(@CurrentUser() user: AuthUser, @ZodParam('ticketId', idParam) ticketId: number): Promise<CloudApiWindow> {
    const ticket = await this.visibleTicket(user, ticketId);
    const row = await this.store.byConnection(user.companyId, ticket.whatsappId);
    if (!row) return { cloudApi: false, open: true, closesAt: null };
    const contact = await this.contacts.get(user.companyId, ticket.contactId);
    const last = contact ? await this.store.lastInbound(user.companyId, ticket.whatsappId, contact.number) : null;
    return { cloudApi: true, open: windowOpen(last), closesAt: windowClosesAt(last)?.toISOString() ?? null };
  }

  /** The approved templates of the ticket's number (read from Graph each time: they are approved there). */
  @Get(':ticketId/templates')
  @RequirePermission('cloud-api:read')
  async list(@CurrentUser() user: AuthUser, @ZodParam('ticketId', idParam) ticketId: number): Promise<CloudApiTemplate[]> {
    const ticket = await this.visibleTicket(user, ticketId);
    return (await this.templatesOf(await this.numberOf(user, ticket))).filter((t) => t.status.toUpperCase() === 'APPROVED');
  }

  /**
   * Sends an approved template with its parameters (allowed outside the 24-hour window). The message is
   * stored with the rendered text, as any other, and leaves through the connection's queue: the
   * provider finds the template by the message's correlation id.
   */
  @Post(':ticketId/template')
  @RequirePermission('cloud-api:read')
  async send(@CurrentUser() user: AuthUser, @ZodParam('ticketId', idParam) ticketId: number, @ZodBody(templateSendSchema) body: TemplateSend): Promise<{ messageId: number }> {
    const ticket = await this.visibleTicket(user, ticketId);
    const number = await this.numberOf(user, ticket);
    const template = (await this.templatesOf(number)).find((t) => t.name === body.name && t.language === body.language && t.status.toUpperCase() === 'APPROVED');
    if (!template) throw AppError.validation([{ path: 'name', message: 'not_found' }]);
    if (body.parameters.length !== template.parameterCount) throw AppError.validation([{ path: 'parameters', message: `expected_${template.parameterCount}` }]);
    const id = await this.store.insertTemplateSend(user.companyId, ticket.whatsappId, { name: body.name, language: body.language, parameters: body.parameters });
    return this.messages.sendToTicket(user.companyId, ticket.id, { body: renderTemplate(template.body, body.parameters), source: 'cloud-api', correlationId: templateCorrelation(id) });
  }
}
