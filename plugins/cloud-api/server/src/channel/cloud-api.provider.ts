import { readFile } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import {
  ChannelSendRefusedError,
  type ChannelConnection,
  type ChannelEvents,
  type ChannelProvider,
  type ChannelSession,
  type OutboundMessage,
} from '@atende/sdk-server';
import { CLOUD_API_PROVIDER } from '@atende/plugin-cloud-api-contract';
import { GraphClient, MediaTooLargeError } from '../graph/graph-client.js';
import { GraphError, sendErrorFor } from '../graph/graph-errors.js';
import { checkMedia, maxBytesFor } from '../graph/media-rules.js';
import type { NumberStore, OpenNumber } from '../numbers/number-store.js';
import { ackOf, type CloudItem } from '../webhook/webhook-items.js';
import { mediaRefOf, toInbound } from './inbound-message.js';
import { CLOUD_API_MESSAGES_PER_SECOND, Pacer } from './pacer.js';
import { windowOpen } from './window.js';

/** The correlation id of a template send the plugin stored (`template:<id>` of cloud_api_template_sends). */
export const templateCorrelation = (id: number) => `template:${id}`;
const templateIdOf = (source?: string, correlationId?: string): number | null => {
  const m = source === 'cloud-api' ? /^template:(\d+)$/.exec(correlationId ?? '') : null;
  return m ? Number(m[1]) : null;
};

/**
 * The WhatsApp Cloud API as a channel: nothing stays open upstream. `start` checks the number's
 * credentials with Graph and reports CONNECTED; messages arrive as webhooks (any process keeps them in
 * the connection's inbox, see webhook.controller.ts) and reach `handleKept` here; `send` calls Graph.
 */
export class CloudApiProvider implements ChannelProvider {
  readonly id = CLOUD_API_PROVIDER;
  /** Meta's throughput per number: the kernel's outbound queue of the connection paces to it. */
  readonly sendsPerSecond = 80;
  private readonly pacers = new Map<string, Pacer>();
  private readonly logger = new Logger('CloudApiProvider');

  constructor(
    private readonly store: NumberStore,
    private readonly graph: () => GraphClient,
  ) {}

  async start(connection: ChannelConnection, events: ChannelEvents): Promise<ChannelSession> {
    const number = await this.numberOf(connection);
    let display: string | undefined;
    try {
      const info = await this.graph().phoneNumber(number.row.phone_number_id, number.accessToken);
      display = (info.display_phone_number ?? '').replace(/\D/g, '') || undefined;
    } catch (err) {
      // Credentials Graph refuses stop the start (DISCONNECTED, start_failed). Graph unreachable or
      // failing (a deploy during an outage) does not: webhooks still arrive and sends are retried.
      if (err instanceof GraphError && (err.status === 401 || err.status === 403 || err.graphCode === 190 || err.graphCode === 100)) throw err;
      this.logger.warn(`Connection ${connection.id}: Graph did not confirm the number (${(err as Error).message}); starting anyway.`);
    }
    events.status('CONNECTED', { number: display });
    return new CloudApiSession(connection, events, this.store, this.graph, this.pacerOf(number.row.phone_number_id), this.logger);
  }

  private async numberOf(connection: ChannelConnection): Promise<OpenNumber> {
    const row = await this.store.byConnection(connection.companyId, connection.id);
    if (!row) throw new Error(`Connection ${connection.id} has no Cloud API number configured.`);
    return this.store.open(row);
  }

  private pacerOf(phoneNumberId: string): Pacer {
    let pacer = this.pacers.get(phoneNumberId);
    if (!pacer) this.pacers.set(phoneNumberId, (pacer = new Pacer(CLOUD_API_MESSAGES_PER_SECOND)));
    return pacer;
  }
}

class CloudApiSession implements ChannelSession {
  constructor(
    private readonly connection: ChannelConnection,
    private readonly events: ChannelEvents,
    private readonly store: NumberStore,
    private readonly graph: () => GraphClient,
    private readonly pacer: Pacer,
    private readonly logger: Logger,
  ) {}

  /** Read at each use: credentials changed on the screen apply to the next message without a restart. */
  private async number(): Promise<OpenNumber> {
    const row = await this.store.byConnection(this.connection.companyId, this.connection.id);
    if (!row) throw new ChannelSendRefusedError('ERR_CLOUD_API_NOT_CONFIGURED', 'This connection has no Cloud API number.');
    return this.store.open(row);
  }

  async send(message: OutboundMessage): Promise<{ providerMessageId: string }> {
    const { connection } = this;
    const number = await this.number();
    const templateId = templateIdOf(message.source, message.correlationId);
    let payload: Record<string, unknown>;
    if (templateId !== null) {
      const t = await this.store.templateSend(connection.companyId, connection.id, templateId);
      if (!t) throw new ChannelSendRefusedError('ERR_CLOUD_API_GRAPH', `Template send ${templateId} not found.`);
      payload = {
        type: 'template',
        template: {
          name: t.name,
          language: { code: t.language },
          components: t.parameters.length ? [{ type: 'body', parameters: t.parameters.map((text) => ({ type: 'text', text })) }] : [],
        },
      };
    } else {
      // Outside the customer-service window only templates may go: refused here, Graph is never called.
      const last = await this.store.lastInbound(connection.companyId, connection.id, message.to);
      if (!windowOpen(last)) {
        throw new ChannelSendRefusedError('ERR_CLOUD_API_WINDOW_CLOSED', 'More than 24 hours since the customer last wrote: only a template can be sent.');
      }
      payload = message.media ? await this.mediaPayload(number, message) : { type: 'text', text: { body: message.body, preview_url: false } };
    }
    if (message.quotedProviderMessageId && templateId === null) payload.context = { message_id: message.quotedProviderMessageId };
    await this.pacer.acquire();
    try {
      const id = await this.graph().sendMessage(number.row.phone_number_id, number.accessToken, { recipient_type: 'individual', to: message.to, ...payload });
      return { providerMessageId: id };
    } catch (err) {
      throw sendErrorFor(err);
    }
  }

  private async mediaPayload(number: OpenNumber, message: OutboundMessage): Promise<Record<string, unknown>> {
    const media = message.media!;
    const data = media.data ?? (media.path ? await readFile(media.path) : undefined);
    if (!data) throw new Error('Media without bytes.');
    const fileName = media.fileName ?? media.path?.split('/').pop() ?? 'file';
    let mediaId: string;
    try {
      mediaId = await this.graph().uploadMedia(number.row.phone_number_id, number.accessToken, { data, mimetype: media.mimetype, fileName });
    } catch (err) {
      throw sendErrorFor(err);
    }
    const type = media.mimetype.startsWith('image/') ? 'image' : media.mimetype.startsWith('video/') ? 'video' : media.mimetype.startsWith('audio/') ? 'audio' : 'document';
    const body: Record<string, unknown> = { id: mediaId };
    if (type !== 'audio' && message.body) body.caption = message.body;
    if (type === 'document') body.filename = fileName;
    return { type, [type]: body };
  }

  /** One kept webhook item, in the process that runs the session (possibly after a restart). */
  async handleKept(data: string): Promise<void> {
    const item = JSON.parse(data) as CloudItem;
    if (item.kind === 'status') {
      const ack = ackOf(item.status);
      if (ack !== null) this.events.ack(item.id, ack);
      return;
    }
    const inbound = toInbound(item.message, item.contactName);
    const ref = mediaRefOf(item.message);
    if (ref) {
      const number = await this.number();
      try {
        const info = await this.graph().mediaInfo(ref.ref.id, number.accessToken);
        const declared = info.mime_type || ref.ref.mime_type || '';
        const max = maxBytesFor(declared);
        if ((info.file_size ?? 0) > max) throw new MediaTooLargeError(max);
        const file = await this.graph().download(info.url, number.accessToken, max);
        const kind = checkMedia(declared, file.data);
        if (!kind) {
          inbound.mediaType = 'unsupported';
          inbound.body = inbound.body || `[${declared || 'file'}]`;
        } else {
          inbound.media = { mimetype: declared.split(';')[0].trim(), fileName: ref.fileName, data: file.data };
        }
      } catch (err) {
        // Too large: kept as a placeholder (never dropped). Anything else: thrown, so the inbox retries.
        if (!(err instanceof MediaTooLargeError)) throw err;
        this.logger.warn(`Connection ${this.connection.id}: media of ${inbound.providerMessageId} refused: ${err.message}`);
        inbound.mediaType = 'unsupported';
      }
    }
    // The window first: once the message is stored an agent may answer at once.
    await this.store.touchWindow(this.connection.companyId, this.connection.id, inbound.from, inbound.timestamp);
    await this.events.message(inbound);
  }

  async markRead(_chatId: string, providerMessageIds: string[]): Promise<void> {
    const last = providerMessageIds.at(-1);
    if (!last) return;
    const number = await this.number();
    await this.graph().markRead(number.row.phone_number_id, number.accessToken, last);
  }

  async delete(): Promise<void> {
    throw new ChannelSendRefusedError('ERR_CLOUD_API_GRAPH', 'The WhatsApp Cloud API cannot delete a sent message.');
  }

  async edit(): Promise<void> {
    throw new ChannelSendRefusedError('ERR_CLOUD_API_GRAPH', 'The WhatsApp Cloud API cannot edit a sent message.');
  }

  /** Nothing is held open upstream: stopping only stops taking webhooks' items (the kernel ends the worker). */
  async stop(): Promise<void> {
    this.events.status('DISCONNECTED');
  }

  async logout(): Promise<void> {
    this.events.status('DISCONNECTED');
  }
}
