import { Inject, Injectable } from '@nestjs/common';
import { REALTIME, type RealtimeAudience, type RealtimePublisher } from '@atende/sdk-server';
import { FILE_EVENT, type FileEvent, type FileList } from '@atende/plugin-files-contract';

/** Who hears file lists: who may open /files (files:read, every profile: agents send these lists). */
const AUDIENCE: RealtimeAudience = { permission: 'files:read' };

/** Live updates to the company's users who may read file lists. */
@Injectable()
export class FilesRealtime {
  constructor(@Inject(REALTIME) private readonly realtime: RealtimePublisher) {}

  changed(companyId: number, action: 'create' | 'update', record: FileList): void {
    this.realtime.toCompany(companyId, FILE_EVENT, { action, record } satisfies FileEvent, AUDIENCE);
  }

  removed(companyId: number, id: number): void {
    this.realtime.toCompany(companyId, FILE_EVENT, { action: 'delete', id } satisfies FileEvent, AUDIENCE);
  }
}
