import { Global, Module } from '@nestjs/common';
import { COMPANIES, CONNECTIONS, CONTACTS, MEDIA, MESSAGES, PLANS, PRESENCE, QUEUES, TAGS, TICKET_HISTORY, TICKET_HOLDS, TICKETS, USERS } from '@atende/sdk-server';
import { TicketsModule } from './tickets/tickets.module.js';
import { TicketsPortService } from './tickets/tickets-port.service.js';
import { TagsPortService } from './tickets/tags-port.service.js';
import { MessagesModule } from './messages/messages.module.js';
import { MessagesPortService } from './messages/messages-port.service.js';
import { ContactsModule } from './contacts/contacts.module.js';
import { ContactsPortService } from './contacts/contacts-port.service.js';
import { ConnectionsModule } from './connections/connections.module.js';
import { ConnectionsPortService } from './connections/connections-port.service.js';
import { CompaniesModule } from './companies/companies.module.js';
import { CompaniesPortService } from './companies/companies-port.service.js';
import { MediaModule } from './media/media.module.js';
import { MediaPortService } from './media/media-port.service.js';
import { SettingsModule } from './settings/settings.module.js';
import { TicketHoldsPortService } from './inbound/ticket-holds-port.service.js';
import { PlansPortService } from './plans/plans-port.service.js';
import { UsersPortService } from './users/users-port.service.js';
import { QueuesPortService } from './queues/queues-port.service.js';
import { PresencePortService } from './realtime/presence-port.service.js';
import { TicketHistoryPortService } from './tickets/ticket-history-port.service.js';
import { outboundHttpProvider } from './outbound/outbound-http.provider.js';

/**
 * The SDK's kernel ports under their tokens, global so every plugin module can inject them. Each
 * port is implemented in its feature module; this module only names them (the platform's own
 * tokens, REALTIME, JOB_QUEUES and TENANCY, are in PlatformModule; PLUGIN_CONTEXT is made per plugin; CHANNEL_REGISTRY
 * comes with the connections).
 */
const PORTS = [
  { provide: TICKETS, useExisting: TicketsPortService },
  { provide: TAGS, useExisting: TagsPortService },
  { provide: MESSAGES, useExisting: MessagesPortService },
  { provide: CONTACTS, useExisting: ContactsPortService },
  { provide: CONNECTIONS, useExisting: ConnectionsPortService },
  { provide: COMPANIES, useExisting: CompaniesPortService },
  { provide: MEDIA, useExisting: MediaPortService },
  { provide: TICKET_HOLDS, useExisting: TicketHoldsPortService },
  { provide: PLANS, useExisting: PlansPortService },
  { provide: USERS, useExisting: UsersPortService },
  { provide: QUEUES, useExisting: QueuesPortService },
  { provide: PRESENCE, useExisting: PresencePortService },
  { provide: TICKET_HISTORY, useExisting: TicketHistoryPortService },
];

@Global()
@Module({
  imports: [TicketsModule, MessagesModule, ContactsModule, ConnectionsModule, CompaniesModule, MediaModule, SettingsModule],
  providers: [TicketHoldsPortService, PlansPortService, UsersPortService, QueuesPortService, PresencePortService, TicketHistoryPortService, outboundHttpProvider, ...PORTS],
  // SettingsModule: PLUGIN_CONTEXT, made inside each plugin's module, binds its settings to the plugin;
  // MessagesModule, TicketsModule: each plugin's module binds MESSAGES and TICKETS.mark to the plugin's id
  // (plugins/plugin-messages.ts, plugin-tickets.ts).
  exports: [...PORTS.map((p) => p.provide), outboundHttpProvider.provide, ConnectionsModule, SettingsModule, MessagesModule, TicketsModule],
})
export class KernelPortsModule {}
