import { Controller, Delete, Get, Post, StreamableFile } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, RequirePermission, ZodBody, ZodParam, type AuthUser } from '@atende/sdk-server';
import { imageGenerateSchema, type ImageItem } from '@atende/plugin-ai-contract';
import { ImagesService } from './images.service.js';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** /api/ai/ai-images/…, also at the spec's /ai-images/… (commercial-admin §6). */
@Controller('ai-images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Get('history')
  @RequirePermission('ai:use')
  async history(@CurrentUser() user: AuthUser): Promise<{ data: ImageItem[] }> {
    return { data: await this.images.history(user) };
  }

  @Post('generate')
  @RequirePermission('ai:use')
  async generate(@CurrentUser() user: AuthUser, @ZodBody(imageGenerateSchema) body: z.output<typeof imageGenerateSchema>) {
    return { success: true, message: 'Imagen generada', data: await this.images.generate(user, body) };
  }

  @Get('download/:id')
  @RequirePermission('ai:use')
  async download(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<StreamableFile> {
    const file = await this.images.open(user, id);
    return new StreamableFile(file.stream, { type: file.mimetype, length: file.size, disposition: `attachment; filename="image-${id}.png"` });
  }

  @Delete(':id')
  @RequirePermission('ai:use')
  remove(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number) {
    return this.images.remove(user, id);
  }
}
