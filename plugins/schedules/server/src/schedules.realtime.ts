import { Inject, Injectable } from '@nestjs/common';
import { REALTIME, type RealtimeAudience, type RealtimePublisher } from '@atende/sdk-server';
import { SCHEDULE_EVENT, type Schedule, type ScheduleEvent } from '@atende/plugin-schedules-contract';

/** Who hears schedules: who may open /schedules (schedules:read, every profile), while the plan has useSchedules (kernel). */
const AUDIENCE: RealtimeAudience = { permission: 'schedules:read' };

/** Company-scoped `schedule` events: every user of the company who may read schedules sees its calendar change. */
@Injectable()
export class SchedulesRealtime {
  constructor(@Inject(REALTIME) private readonly realtime: RealtimePublisher) {}

  changed(companyId: number, action: 'create' | 'update', schedule: Schedule): void {
    this.realtime.toCompany(companyId, SCHEDULE_EVENT, { action, schedule } satisfies ScheduleEvent, AUDIENCE);
  }

  removed(companyId: number, scheduleId: number): void {
    this.realtime.toCompany(companyId, SCHEDULE_EVENT, { action: 'delete', scheduleId } satisfies ScheduleEvent, AUDIENCE);
  }
}
