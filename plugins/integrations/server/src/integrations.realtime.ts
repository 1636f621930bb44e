import { Inject, Injectable } from '@nestjs/common';
import { REALTIME, type RealtimeAudience, type RealtimePublisher } from '@atende/sdk-server';
import { queueIntegrationEvent, type Integration, type QueueIntegrationEvent } from '@atende/plugin-integrations-contract';

/** Who hears it: who may open the integrations page (admins), while the plan has useIntegrations (kernel). */
const AUDIENCE: RealtimeAudience = { permission: 'integrations:read' };

/** `company-{id}-queueIntegration` with action create, update or delete (automation-productivity §7). */
@Injectable()
export class IntegrationsRealtime {
  constructor(@Inject(REALTIME) private readonly realtime: RealtimePublisher) {}

  changed(companyId: number, action: 'create' | 'update', queueIntegration: Integration): void {
    this.realtime.toCompany(companyId, queueIntegrationEvent(companyId), { action, queueIntegration } satisfies QueueIntegrationEvent, AUDIENCE);
  }

  removed(companyId: number, integrationId: number): void {
    this.realtime.toCompany(companyId, queueIntegrationEvent(companyId), { action: 'delete', integrationId } satisfies QueueIntegrationEvent, AUDIENCE);
  }
}
