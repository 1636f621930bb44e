import { randomBytes, randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  ChannelRecipientError,
  type ChannelConnection,
  type ChannelContact,
  type ChannelEvents,
  type ChannelProvider,
  type ChannelSession,
  type ChannelStartOptions,
  type OutboundMedia,
  type OutboundMessage,
} from '@atende/sdk-server';

/** A sandbox session also lets the simulated phone finish linking (the QR scanned, the code typed). */
export interface SandboxSession extends ChannelSession {
  /** Completes a pending QR or pairing-code link; false when nothing was waiting. */
  confirmLink(): Promise<boolean>;
  /**
   * The phone's address book, reported as WhatsApp reports it after linking (Baileys' contacts.upsert
   * becomes one `contact` event per entry). Entries go out as given: keeping only phone numbers is the
   * kernel's job, whatever the provider.
   */
  phoneBook(contacts: ChannelContact[]): void;
}

export const isSandboxSession = (s: ChannelSession): s is SandboxSession => typeof (s as Partial<SandboxSession>).confirmLink === 'function';

/** Like an upload: the file must be there (bytes given, or a file at the path). */
async function readable(media: OutboundMedia): Promise<void> {
  if (media.data) return;
  if (!media.path || !(await stat(media.path).then((s) => s.isFile(), () => false))) throw new Error('The media file to send is missing.');
}

/** A sandbox message id, shaped like the ids the sandbox always gave. */
const newId = () => `SBX${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`;

/** Eight characters as WhatsApp shows them (no 0/O or 1/I to misread). */
function pairingCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * A simulated phone for demos, tests and trying bots: it is "connected" as soon as it starts (or,
 * asked for a QR or a pairing code, once the phone "scans" it: POST /api/sandbox/{id}/scan), what
 * Atende sends lands in the sandbox_outbox table (read by GET /api/sandbox/{id}/messages), what a
 * customer "writes" comes in through POST /api/sandbox/{id}/messages, and the phone's address book
 * through POST /api/sandbox/{id}/contacts. Rejected calls are marked in sandbox_calls. Only the link
 * state lives in memory, in the process that owns the session.
 */
export class SandboxProvider implements ChannelProvider {
  readonly id = 'sandbox';

  constructor(private readonly orm: MikroORM) {}

  async start(connection: ChannelConnection, events: ChannelEvents, options: ChannelStartOptions = {}): Promise<SandboxSession> {
    const number = `sandbox-${connection.id}`;
    let linked = !options.pairingPhone && !options.qr;
    if (options.pairingPhone) events.status('PAIRING', { pairingCode: pairingCode() });
    else if (options.qr) events.status('qrcode', { qrcode: `sandbox:${connection.id}:${randomUUID()}`, retries: 0 });
    else events.status('CONNECTED', { number });
    // Like WhatsApp, a message id is delivered once per phone: sending again under an id already
    // delivered (a retry after a crash) changes nothing (the unique index on whatsapp_id + id).
    const record = async (to: string, body: string, mediaUrl: string | null, providerMessageId = newId()) => {
      await this.orm.em
        .fork()
        .getConnection()
        .execute(
          `insert into sandbox_outbox (company_id, whatsapp_id, to_number, body, media_url, provider_message_id, created_at)
           values (?, ?, ?, ?, ?, ?, now()) on conflict (whatsapp_id, provider_message_id) do nothing`,
          [connection.companyId, connection.id, to, body, mediaUrl, providerMessageId],
          'run',
        );
      return providerMessageId;
    };
    const changeSent = async (to: string, providerMessageId: string, set: string, params: unknown[]) => {
      const res = await this.orm.em
        .fork()
        .getConnection()
        .execute<{ affectedRows?: number }>(
          `update sandbox_outbox set ${set} where whatsapp_id = ? and provider_message_id = ? and to_number = ? and deleted_at is null`,
          [...params, connection.id, providerMessageId, to],
          'run',
        );
      if (!res.affectedRows) throw new Error(`No message ${providerMessageId} to ${to} on this phone.`);
    };
    return {
      send: async (m: OutboundMessage) => {
        // Like a real phone that is not linked yet: nothing leaves (the outbound queue retries).
        if (!linked) throw new Error('The sandbox phone is not linked yet.');
        // The simulated network knows no number starting with 000 (real numbers start with a country code).
        if (/^000/.test(m.to)) throw new ChannelRecipientError(`${m.to} is not on WhatsApp (sandbox).`);
        if (m.media) await readable(m.media);
        return { providerMessageId: await record(m.to, m.body, m.media?.url ?? null, m.providerMessageId) };
      },
      newMessageId: () => newId(),
      // What the phone shows afterwards; an unknown id fails like WhatsApp refusing the change.
      delete: async (to: string, providerMessageId: string) => {
        await changeSent(to, providerMessageId, 'deleted_at = now()', []);
      },
      edit: async (to: string, providerMessageId: string, body: string) => {
        await changeSent(to, providerMessageId, 'body = ?, edited_at = now()', [body]);
      },
      // The simulated network knows no number starting with 000 (as in send).
      isOnChannel: async (to: string) => {
        if (!linked) throw new Error('The sandbox phone is not linked yet.');
        return !/^000/.test(to.replace(/\D/g, ''));
      },
      rejectCall: async (_from: string, callId: string) => {
        await this.orm.em
          .fork()
          .getConnection()
          .execute(`update sandbox_calls set rejected_at = now() where company_id = ? and whatsapp_id = ? and call_id = ?`, [connection.companyId, connection.id, callId]);
      },
      confirmLink: async () => {
        if (linked) return false;
        linked = true;
        events.status('CONNECTED', { number });
        return true;
      },
      phoneBook: (contacts) => {
        if (!linked) throw new Error('The sandbox phone is not linked yet.');
        for (const c of contacts) events.contact(c);
      },
      stop: async () => events.status('DISCONNECTED'),
      logout: async () => events.status('DISCONNECTED'),
    };
  }
}
