import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentUser, type AuthUser } from '@atende/sdk-server';
import { MediaStore } from './media-store.js';

@Controller('media')
export class MediaController {
  constructor(private readonly media: MediaStore) {}

  /** A company's media file; another company's name answers 404 (files live per company). */
  @Get(':name')
  async get(@Param('name') name: string, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const { data, mimetype } = await this.media.read(user.companyId, name);
    res.setHeader('Content-Type', mimetype);
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.setHeader('Content-Disposition', 'inline');
    res.send(data);
  }
}
