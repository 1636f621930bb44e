import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppError, CurrentUser, type AuthUser } from '@atende/sdk-server';
import { MediaStore } from './media-store.js';

@Controller('media')
export class MediaController {
  constructor(private readonly media: MediaStore) {}

  /**
   * A company's media file; another company's name answers 404 (files live per company). Streamed
   * from disk (never read whole into memory), with Range requests for audio and video seeking.
   */
  @Get(':name')
  async get(@Param('name') name: string, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const url = `/api/media/${name}`;
    const file = this.media.pathOf(user.companyId, url);
    if (!file || !(await this.media.exists(user.companyId, url))) throw AppError.notFound();
    await new Promise<void>((resolve, reject) => {
      res.sendFile(
        file,
        {
          headers: { 'Content-Type': this.media.mimetypeOf(url), 'Cache-Control': 'private, max-age=3600', 'Content-Disposition': 'inline' },
          acceptRanges: true,
          lastModified: false,
          etag: false,
          dotfiles: 'deny',
        },
        (err?: Error) => (err && !res.headersSent ? reject(AppError.notFound()) : resolve()),
      );
    });
  }
}
