import { AppError, type Messages } from '@atende/sdk-server';

/**
 * The MESSAGES port as one plugin's module gets it: every `source` it sends, takes back or looks up
 * under must be the plugin's own id. Without it one plugin could withdraw another's queued messages
 * (a cancelled campaign's call with the flow builder's correlation ids) or pre-store a message under
 * another's idempotency key so that plugin's send is answered "already stored". Plugins run in the
 * kernel's process: this stops mistakes and careless code, it is not a sandbox.
 */
export function pluginMessages(pluginId: string, inner: Messages): Messages {
  const own = (source: string | undefined) => {
    if (source !== pluginId) throw AppError.forbidden(`Plugin ${pluginId} may not use the message source "${String(source)}".`);
  };
  // A send that names no source is the plugin's own (plain-JavaScript plugins may leave it out).
  const as = <T extends { source?: string | null }>(message: T): T & { source: string } => {
    if (message.source === undefined || message.source === null) return { ...message, source: pluginId };
    own(message.source);
    return message as T & { source: string };
  };
  return Object.freeze({
    // async: a refused source rejects like any other error of the port (callers chain .catch()).
    sendToTicket: async (companyId, ticketId, message) => inner.sendToTicket(companyId, ticketId, as(message)),
    sendToNumber: async (companyId, to, message) => inner.sendToNumber(companyId, to, as(message)),
    sendToNumbers: async (companyId, whatsappId, recipients, common) => inner.sendToNumbers(companyId, whatsappId, recipients, as(common)),
    withdraw: async (companyId, source, correlationIds) => (own(source), inner.withdraw(companyId, source, correlationIds)),
    findSent: async (companyId, source, correlationId) => (own(source), inner.findSent(companyId, source, correlationId)),
    isOnWhatsApp: (companyId, whatsappId, number) => inner.isOnWhatsApp(companyId, whatsappId, number),
    recent: (companyId, ticketId, limit) => inner.recent(companyId, ticketId, limit),
    get: (companyId, messageId) => inner.get(companyId, messageId),
  } satisfies Messages);
}
