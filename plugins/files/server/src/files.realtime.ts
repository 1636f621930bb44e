import { Inject, Injectable } from '@nestjs/common';
import { REALTIME, type RealtimePublisher } from '@atende/sdk-server';
import { FILE_EVENT, type FileEvent, type FileList } from '@atende/plugin-files-contract';

/** Live updates to the company's users only (a list is company data). */
@Injectable()
export class FilesRealtime {
  constructor(@Inject(REALTIME) private readonly realtime: RealtimePublisher) {}

  changed(companyId: number, action: 'create' | 'update', record: FileList): void {
    this.realtime.toCompany(companyId, FILE_EVENT, { action, record } satisfies FileEvent);
  }

  removed(companyId: number, id: number): void {
    this.realtime.toCompany(companyId, FILE_EVENT, { action: 'delete', id } satisfies FileEvent);
  }
}
