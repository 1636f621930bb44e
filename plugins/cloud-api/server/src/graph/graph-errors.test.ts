import { describe, expect, it } from 'vitest';
import { isChannelRecipientError, isChannelSendRefusedError } from '@atende/sdk-server';
import { GraphError, sendErrorFor } from './graph-errors.js';

describe('sendErrorFor', () => {
  it('maps the re-engagement and pair rate limit codes to refusals with Atende codes (no retry)', () => {
    const reengage = sendErrorFor(new GraphError(400, 131047, 'Re-engagement message'));
    expect(isChannelSendRefusedError(reengage) && reengage.code).toBe('ERR_CLOUD_API_REENGAGEMENT');
    const pair = sendErrorFor(new GraphError(400, 131056, 'Pair rate limit hit'));
    expect(isChannelSendRefusedError(pair) && pair.code).toBe('ERR_CLOUD_API_PAIR_RATE_LIMIT');
  });

  it('leaves throughput (130429) and server errors retryable', () => {
    expect(isChannelSendRefusedError(sendErrorFor(new GraphError(400, 130429, 'Rate limit hit')))).toBe(false);
    expect(isChannelSendRefusedError(sendErrorFor(new GraphError(500, 1, 'Unknown')))).toBe(false);
  });

  it('says a number that is not on WhatsApp is a recipient error, and other client errors are refusals', () => {
    expect(isChannelRecipientError(sendErrorFor(new GraphError(400, 131026, 'Undeliverable')))).toBe(true);
    const other = sendErrorFor(new GraphError(400, 100, 'Invalid parameter'));
    expect(isChannelSendRefusedError(other) && other.code).toBe('ERR_CLOUD_API_GRAPH');
  });
});
