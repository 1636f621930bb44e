import { Module } from '@nestjs/common';
import { MediaStore } from './media-store.js';
import { MediaPortService } from './media-port.service.js';
import { MediaController } from './media.controller.js';

/** Stored files: the store, the SDK's Media port, and `/public` behind the access checks. */
@Module({
  providers: [MediaStore, MediaPortService],
  controllers: [MediaController],
  exports: [MediaStore, MediaPortService],
})
export class MediaModule {}
