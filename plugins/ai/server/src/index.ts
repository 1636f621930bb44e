import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { AI_MANIFEST, AI_PERMISSIONS } from '@atende/plugin-ai-contract';
import { ENTITIES } from './entities.js';
import { AiInit } from './migrations/init.js';
import { AiTranscriptionClaims } from './migrations/transcription-claims.js';
import { AI_SETTINGS } from './settings.js';
import { OpenAiProvider } from './openai/provider.js';
import { PromptsController } from './prompts/prompts.controller.js';
import { PromptsService } from './prompts/prompts.service.js';
import { AiConfigController, CreditsController } from './credits/credits.controller.js';
import { CreditsService } from './credits/credits.service.js';
import { AnswerService } from './answering/answer.service.js';
import { OpenAiNodeExecutor } from './flow/openai-node.js';
import { ImagesController } from './images/images.controller.js';
import { ImagesService } from './images/images.service.js';
import { TranscriptionController } from './transcription/transcription.controller.js';
import { TranscriptionService } from './transcription/transcription.service.js';
import { ModelsController } from './models/models.controller.js';

@Module({
  controllers: [PromptsController, CreditsController, AiConfigController, ImagesController, TranscriptionController, ModelsController],
  providers: [OpenAiProvider, PromptsService, CreditsService, AnswerService, OpenAiNodeExecutor, ImagesService, TranscriptionService],
})
export class AiModule {}

export default definePlugin({
  id: 'ai',
  version: '0.1.0',
  requires: { kernel: '^1.0.0' },
  // "Prompts page: only companies whose plan has useOpenAi" (automation-productivity §6); every AI route alike.
  planFlag: 'useOpenAi',
  // The spec's paths (automation-productivity §7, commercial-admin §6), answered by the routes under /api/ai/.
  apiAliases: [
    'GET /prompt',
    'GET /prompt/:id',
    'POST /prompt',
    'PUT /prompt/:id',
    'DELETE /prompt/:id',
    'GET /credits/balance',
    'GET /credits/costs',
    'POST /credits/check',
    'GET /credits/report',
    'GET /ai-images/history',
    'POST /ai-images/generate',
    'GET /ai-images/download/:id',
    'DELETE /ai-images/:id',
  ],
  module: AiModule,
  entities: ENTITIES,
  migrations: [
    { name: 'ai_0001_init', class: AiInit },
    { name: 'ai_0002_transcription_claims', class: AiTranscriptionClaims },
  ],
  permissions: AI_PERMISSIONS,
  settings: AI_SETTINGS,
  manifest: AI_MANIFEST,
  web: { package: '@atende/plugin-ai-web' },
});
