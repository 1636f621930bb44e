import { Controller, HttpCode, Post } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, RequirePermission, ZodParam, type AuthUser } from '@atende/sdk-server';
import type { Transcription } from '@atende/plugin-ai-contract';
import { TranscriptionService } from './transcription.service.js';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** /api/ai/transcriptions/:messageId: the bubble's "Transcribir" button. */
@Controller('ai/transcriptions')
export class TranscriptionController {
  constructor(private readonly transcriptions: TranscriptionService) {}

  @Post(':messageId')
  @HttpCode(200)
  @RequirePermission('ai:use')
  transcribe(@CurrentUser() user: AuthUser, @ZodParam('messageId', idSchema) messageId: number): Promise<Transcription> {
    return this.transcriptions.forUser(user, messageId);
  }
}
