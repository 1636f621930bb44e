import { Inject, Injectable } from '@nestjs/common';
import { REALTIME, type RealtimePublisher } from '@atende/sdk-server';
import { ANNOUNCEMENT_ADMIN_EVENT, ANNOUNCEMENT_EVENT, type AnnouncementEvent } from '@atende/plugin-announcements-contract';
import type { AnnouncementRow } from './announcement.entity.js';
import { toDto } from './announcement.dto.js';

/**
 * Live updates on everyone's socket. Readers hear of active announcements only: one created inactive
 * is not told, one turned inactive is a `delete` for them. Super users (the list page) hear of all.
 * Platform-wide on purpose: announcements:read is every profile's and the plugin has no plan flag.
 */
@Injectable()
export class AnnouncementsRealtime {
  constructor(@Inject(REALTIME) private readonly realtime: RealtimePublisher) {}

  /** `before` is null for a new record. */
  changed(before: { status: boolean } | null, row: AnnouncementRow): void {
    const record = toDto(row);
    this.realtime.toSuperUsers(ANNOUNCEMENT_ADMIN_EVENT, { action: before ? 'update' : 'create', record } satisfies AnnouncementEvent);
    if (row.status) this.realtime.toPlatform(ANNOUNCEMENT_EVENT, { action: before?.status ? 'update' : 'create', record } satisfies AnnouncementEvent);
    else if (before?.status) this.realtime.toPlatform(ANNOUNCEMENT_EVENT, { action: 'delete', id: row.id } satisfies AnnouncementEvent);
  }

  /** Readers hear of it only if it was active (they never knew an inactive one). */
  removed(id: number, wasActive: boolean): void {
    this.realtime.toSuperUsers(ANNOUNCEMENT_ADMIN_EVENT, { action: 'delete', id } satisfies AnnouncementEvent);
    if (wasActive) this.realtime.toPlatform(ANNOUNCEMENT_EVENT, { action: 'delete', id } satisfies AnnouncementEvent);
  }
}
