import { ChannelRecipientError, ChannelSendRefusedError } from '@atende/sdk-server';
import type { CloudApiErrorCode } from '@atende/plugin-cloud-api-contract';

/** An error Graph answered: its numeric `code` says what went wrong (developers.facebook.com, Cloud API error codes). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly graphCode: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

/** The Graph codes Atende explains to its users, and whether a retry a moment later may succeed. */
const KNOWN: Record<number, { code: CloudApiErrorCode; retry: boolean }> = {
  /** Pair rate limit: too many messages to the same customer; resending at once hits it again. */
  131056: { code: 'ERR_CLOUD_API_PAIR_RATE_LIMIT', retry: false },
  /** Throughput: the number's messages per second; the queue retries with backoff. */
  130429: { code: 'ERR_CLOUD_API_THROUGHPUT', retry: true },
  /** Re-engagement: more than 24 h since the customer wrote; only a template can go. */
  131047: { code: 'ERR_CLOUD_API_REENGAGEMENT', retry: false },
};

/** Graph codes that mean the number cannot receive WhatsApp messages. */
const RECIPIENT_CODES = new Set([131026, 131030]);

/** What `send` throws for a Graph error: a refusal with Atende's code, a recipient error, or a retryable error. */
export function sendErrorFor(err: unknown): Error {
  if (!(err instanceof GraphError)) return err instanceof Error ? err : new Error(String(err));
  if (err.graphCode !== undefined && RECIPIENT_CODES.has(err.graphCode)) return new ChannelRecipientError(err.message);
  const known = err.graphCode !== undefined ? KNOWN[err.graphCode] : undefined;
  if (known && !known.retry) return new ChannelSendRefusedError(known.code, `Graph ${err.graphCode}: ${err.message}`);
  if (known) return Object.assign(new Error(`Graph ${err.graphCode} (${known.code}): ${err.message}`), { graphCode: err.graphCode });
  // A client error other than rate limits will not change on retry (bad parameters, expired token).
  if (err.status >= 400 && err.status < 500 && err.status !== 429) return new ChannelSendRefusedError('ERR_CLOUD_API_GRAPH', `Graph ${err.graphCode ?? err.status}: ${err.message}`);
  return err;
}

/** For the plugin's own routes (templates): the code users see with an HTTP status. */
export function apiCodeFor(err: GraphError): CloudApiErrorCode {
  return (err.graphCode !== undefined && KNOWN[err.graphCode]?.code) || 'ERR_CLOUD_API_GRAPH';
}
