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

/**
 * A claim older than this was left by a process that stopped, and is taken over: far longer than the
 * work it guards can take (reading the note, paying, the provider's 120 s limit, storing), so a claim
 * still being worked on is never taken over.
 */
const STALE_CLAIM_MS = 600_000;
/** How long a second caller waits for the first one's text before it hears "being transcribed" (409). */
const WAIT_MS = 30_000;
const WAIT_STEP_MS = 400;

/** The file name's extension the provider reads the format from. */
const EXTENSIONS: Record<string, string> = { 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a', 'audio/wav': 'wav', 'audio/webm': 'webm', 'audio/aac': 'aac' };

/**
 * Voice notes to text (issue 31 item 6): the bubble's button (an agent who may see the ticket), or every
 * received voice note when the company turns `ai.auto_transcribe` on (an inbound observer, after the chain).
 * Paid per started minute of the note (its length read from its own header, audio-duration.ts; one
 * minute when the header does not say), once per message: callers asking at once for the same note
 * (the button and the automatic transcription, two agents) meet on a claim row, and only its holder pays.
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
        // Not waiting: when someone is transcribing this note already, their text is stored for everyone.
        await this.transcribe(companyId, message.id, null, false).catch((err: unknown) => this.log.warn(`automatic transcription of ${message.id}: ${(err as Error).message}`));
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
    return this.transcribe(user.companyId, messageId, user.id, true);
  }

  /**
   * The note's text: the stored one, or made now by whoever claims the note first (paid once). With `wait`,
   * a caller that finds the note claimed waits for its text; without, it leaves (null).
   */
  async transcribe(companyId: number, messageId: number, userId: number | null, wait: true): Promise<Transcription>;
  async transcribe(companyId: number, messageId: number, userId: number | null, wait: boolean): Promise<Transcription | null>;
  async transcribe(companyId: number, messageId: number, userId: number | null, wait = true): Promise<Transcription | null> {
    let claim: string | null;
    for (const deadline = Date.now() + WAIT_MS; ; ) {
      const known = await this.stored(companyId, messageId);
      if (known) return known;
      claim = await this.claim(companyId, messageId);
      if (claim) break;
      if (!wait) return null;
      // The text comes to the screens that show the ticket when it is ready (TRANSCRIPTION_EVENT).
      if (Date.now() > deadline) throw AppError.conflict('ERR_TRANSCRIPTION_IN_PROGRESS');
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
    try {
      // Stored between the look above and the claim (its maker released the claim meanwhile).
      return (await this.stored(companyId, messageId)) ?? (await this.make(companyId, messageId, userId));
    } finally {
      // Only this caller's claim (one taken over from it is someone else's); a failed release only
      // leaves the note claimed until it is stale, and does not turn the answer into an error.
      await this.tenancy
        .forCompany(companyId, (em) => em.getConnection().execute('delete from ai_transcription_claims where company_id = ? and message_id = ? and claimed_at::text = ?', [companyId, messageId, claim]))
        .catch((err: unknown) => this.log.warn(`claim of message ${messageId} not released: ${(err as Error).message}`));
    }
  }

  private async stored(companyId: number, messageId: number): Promise<Transcription | null> {
    const known = await this.tenancy.forCompany(companyId, (em) => em.findOne(TranscriptionEntity, { companyId, messageId }));
    return known && { messageId, text: known.text, creditsConsumed: known.creditsConsumed };
  }

  /**
   * The note's claim for this caller (a new one, or one older than STALE_CLAIM_MS taken over), or null when
   * someone else holds it. The claim is its time, which tells this holder's row from a later one.
   */
  private async claim(companyId: number, messageId: number): Promise<string | null> {
    const rows = (await this.tenancy.forCompany(companyId, (em) =>
      em.getConnection().execute(
        `insert into ai_transcription_claims (company_id, message_id) values (?, ?)
         on conflict (company_id, message_id) do update set claimed_at = clock_timestamp()
          where ai_transcription_claims.claimed_at < now() - make_interval(secs => ?)
         returning claimed_at::text as claim`,
        [companyId, messageId, STALE_CLAIM_MS / 1000],
      ),
    )) as { claim: string }[];
    return rows[0]?.claim ?? null;
  }

  /** Pays and asks the provider; the caller holds the claim. */
  private async make(companyId: number, messageId: number, userId: number | null): Promise<Transcription> {
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
