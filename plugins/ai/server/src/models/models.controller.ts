import { Controller, Get } from '@nestjs/common';
import { RequirePermission } from '@atende/sdk-server';
import { OpenAiProvider } from '../openai/provider.js';

/** GET /api/ai/models: what the prompt form offers when the prompt uses the platform's key. */
@Controller('ai/models')
export class ModelsController {
  constructor(private readonly provider: OpenAiProvider) {}

  @Get()
  @RequirePermission('ai:write')
  async allowed(): Promise<{ allowed: string[] }> {
    return { allowed: await this.provider.allowedModels() };
  }
}
