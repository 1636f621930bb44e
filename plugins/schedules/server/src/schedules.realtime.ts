import { Inject, Injectable } from '@nestjs/common';
import { REALTIME, type RealtimePublisher } from '@atende/sdk-server';
import { SCHEDULE_EVENT, type Schedule, type ScheduleEvent } from '@atende/plugin-schedules-contract';

/** Company-scoped `schedule` events: every signed-in user of the company sees its calendar change. */
@Injectable()
export class SchedulesRealtime {
  constructor(@Inject(REALTIME) private readonly realtime: RealtimePublisher) {}

  changed(companyId: number, action: 'create' | 'update', schedule: Schedule): void {
    this.realtime.toCompany(companyId, SCHEDULE_EVENT, { action, schedule } satisfies ScheduleEvent);
  }

  removed(companyId: number, scheduleId: number): void {
    this.realtime.toCompany(companyId, SCHEDULE_EVENT, { action: 'delete', scheduleId } satisfies ScheduleEvent);
  }
}
