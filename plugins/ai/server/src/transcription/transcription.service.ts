import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { toFile } from 'openai';
import {
  AppError,
  INBOUND_OBSERVERS,
  MEDIA,
  MESSAGES,
  PLUGIN_CONTEXT,
  REALTIME,
  TENANCY,
  TICKETS,
  type Media,
  type Messages,
  type PluginContext,
  type RealtimePublisher,
  type Tenancy,
  type Tickets,
} from '@atende/sdk-server';
import { TRANSCRIPTION_EVENT, type Transcription } from '@atende/plugin-ai-contract';
import { TranscriptionEntity } from '../entities.js';
import { CreditsService } from '../credits/credits.service.js';
import { transcriptionCost } from '../credits/costs.js';
import { audioSeconds } from './audio-duration.js';
import { OpenAiProvider } from '../openai/provider.js';
import { SETTING_AUTO_TRANSCRIBE } from '../settings.js';

/** The file name's extension the provider reads the format from. */
const EXTENSIONS: Record<string, string> = { 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a', 'audio/wav': 'wav', 'audio/webm': 'webm', 'audio/aac': 'aac' };

/**
 * Voice notes to text (issue 31 item 6): the bubble's button (an agent who may see the ticket), or every
 * received voice note when the company turns `ai.auto_transcribe` on (an inbound observer, after the chain).
 * Paid per started minute of the note (its length read from its own header, audio-duration.ts; one
 * minute when the header does not say), once per message.
 */
@Injectable()
export class TranscriptionService implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('AiTranscription');
  private off?: () => void;

  constructor(
    @Inject(MESSAGES) private readonly messages: Messages,
    @Inject(TICKETS) private readonly tickets: Tickets,
    @Inject(MEDIA) private readonly media: Media,
    @Inject(TENANCY) private readonly tenancy: Tenancy,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
    private readonly credits: CreditsService,
    private readonly provider: OpenAiProvider,
  ) {}

  onModuleInit(): void {
    this.off = INBOUND_OBSERVERS.register('ai.transcribe', {
      appliesTo: (m) => !m.fromMe && m.mediaType === 'audio',
      observe: async ({ companyId, message }) => {
        if ((await this.plugin.settings.company(companyId, SETTING_AUTO_TRANSCRIBE)) !== 'true') return;
        await this.transcribe(companyId, message.id, null).catch((err: unknown) => this.log.warn(`automatic transcription of ${message.id}: ${(err as Error).message}`));
      },
    });
  }

  onModuleDestroy(): void {
    this.off?.();
  }

  /** The button: only a message of a ticket the user may see. */
  async forUser(user: { id: number; companyId: number }, messageId: number): Promise<Transcription> {
    const message = await this.messages.get(user.companyId, messageId);
    if (!message) throw AppError.notFound('ERR_NO_MESSAGE_FOUND');
    const visible = await this.tickets.find(user.companyId, { viewerUserId: user.id, ids: [message.ticketId], limit: 1 });
    if (!visible.length) throw AppError.notFound('ERR_NO_MESSAGE_FOUND');
    return this.transcribe(user.companyId, messageId, user.id);
  }

  async transcribe(companyId: number, messageId: number, userId: number | null): Promise<Transcription> {
    const known = await this.tenancy.forCompany(companyId, (em) => em.findOne(TranscriptionEntity, { companyId, messageId }));
    if (known) return { messageId, text: known.text, creditsConsumed: known.creditsConsumed };
    const message = await this.messages.get(companyId, messageId);
    if (!message) throw AppError.notFound('ERR_NO_MESSAGE_FOUND');
    if (message.mediaType !== 'audio' || !message.mediaUrl) throw AppError.validation([{ path: 'messageId', message: 'not_audio' }]);
    const file = await this.media.read(companyId, message.mediaUrl);
    const cost = transcriptionCost(await this.credits.cost('audio_transcription'), audioSeconds(file.data));
    const text = await this.credits.paid(companyId, { operation: 'audio_transcription', amount: cost, ticketId: message.ticketId, userId, detail: `message ${messageId}` }, async () => {
      const client = this.provider.client(await this.provider.server(), 120_000);
      const answer = await client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(file.data, `voice.${EXTENSIONS[file.mimetype] ?? 'ogg'}`, { type: file.mimetype }) });
      return answer.text ?? '';
    });
    await this.tenancy.forCompany(companyId, (em) =>
      em.upsert(TranscriptionEntity, { companyId, messageId, text, creditsConsumed: cost }, { onConflictFields: ['companyId', 'messageId'], onConflictAction: 'ignore' }),
    );
    const result = { messageId, text, creditsConsumed: cost };
    // A nudge without the text: the company's AI users include agents who may not see this ticket; a screen
    // showing the ticket reads the transcription through the API, which checks that.
    this.realtime.toCompany(companyId, TRANSCRIPTION_EVENT, { ticketId: message.ticketId, messageId }, { permission: 'ai:use' });
    return result;
  }
}
