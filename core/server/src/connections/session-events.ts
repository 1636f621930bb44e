import type { Logger } from '@nestjs/common';
import type { ChannelEvents, ChannelSession, InboundMessage, SessionStatus } from '@atende/sdk-server';
import type { InboundService, PatchJob } from '../tickets/inbound.service.js';
import type { Whatsapp } from './whatsapp.entity.js';

export interface StatusDetail {
  qrcode?: string;
  pairingCode?: string;
  retries?: number;
  number?: string;
  statusReason?: string | null;
}

/** What the events of a session act on: the session manager, which runs it. */
export interface SessionEventsHost {
  logger: Logger;
  inbound: InboundService;
  /** The session this process runs for a connection (its status is kept there), if any. */
  live(id: number): { session?: ChannelSession; status?: SessionStatus } | undefined;
  setStatus(id: number, status: SessionStatus, detail: StatusDetail): Promise<void>;
  releaseReplaced(w: Whatsapp, status: SessionStatus, detail: { reason?: string }): Promise<void>;
  release(id: number, dropLease: boolean): Promise<void>;
  enqueueInbound(w: Pick<Whatsapp, 'id' | 'companyId'>, message: InboundMessage): Promise<void>;
  queuePatch(patch: PatchJob): Promise<void>;
  incomingCall(w: Pick<Whatsapp, 'id' | 'companyId'>, from: string, callId: string): Promise<void>;
}

/**
 * The channel-events adapter: what a provider reports about a session (status, messages, acks, edits,
 * contacts, calls) turned into the kernel's work. `current` says whether events still come from the
 * session this process runs (not one it let go of).
 */
export function sessionEvents(w: Whatsapp, current: () => boolean, host: SessionEventsHost): ChannelEvents {
  const companyId = w.companyId;
  // From a provider's event: nothing awaits it, so a failure is logged.
  const reportPatch = (patch: PatchJob): void => {
    host.queuePatch(patch).catch((err: Error) => host.logger.error(`Edit/revoke of ${patch.providerMessageId} not queued: ${err.message}`));
  };
  return {
    status: (status, detail) => {
      // A session this process let go of (its lease is another's) tells nothing: the new owner does.
      if (!current()) return;
      const live = host.live(w.id);
      if (live) live.status = status;
      // A provider reporting DISCONNECTED has ended its session for good (logged out, replaced):
      // drop the local session and the lease so a later start begins afresh.
      if (status === 'DISCONNECTED' && detail?.reason === 'replaced') {
        // "Replaced" (440) is what the old owner hears when another process took the session over:
        // then the status is the new owner's to tell, not this process's (issue 10 item 7).
        void host.releaseReplaced(w, status, detail);
        return;
      }
      const ended = status === 'DISCONNECTED' && !!host.live(w.id)?.session;
      const saved = host
        .setStatus(w.id, status, {
          qrcode: detail?.qrcode ?? (status === 'qrcode' ? undefined : ''),
          // The code stays on screen only while the phone has not confirmed it.
          pairingCode: status === 'PAIRING' ? (detail?.pairingCode ?? '') : '',
          ...(detail?.retries !== undefined ? { retries: detail.retries } : {}),
          ...(detail?.number ? { number: detail.number } : {}),
          // Why it ended, kept until the session moves again (issue 10: never a silent DISCONNECTED).
          statusReason: status === 'DISCONNECTED' ? (detail?.reason?.slice(0, 40) ?? null) : null,
        })
        .catch((err) => host.logger.error(err));
      // The status lands before the lease goes, so a watchdog taking the lease sees DISCONNECTED.
      if (ended) void saved.then(() => host.release(w.id, true));
    },
    // Only the sandbox's messages are simulated, whatever a provider claims.
    message: (message) => host.enqueueInbound(w, { ...message, simulated: w.provider === 'sandbox' }),
    ack: (id, ack) => void host.inbound.ack(companyId, w.id, id, ack).catch((err) => host.logger.error(err)),
    // Through the inbound queue: an edit or revoke arriving before its message is stored waits for it.
    edit: (id, body, author) => reportPatch({ companyId, whatsappId: w.id, providerMessageId: id, kind: 'edit', body, author }),
    revoke: (id, author) => reportPatch({ companyId, whatsappId: w.id, providerMessageId: id, kind: 'revoke', author }),
    contact: (c) => void host.inbound.contact(companyId, w.id, c).catch((err) => host.logger.error(err)),
    call: (from, callId) => void host.incomingCall(w, from, callId).catch((err) => host.logger.error(err)),
  };
}
