import { describe, expect, it } from 'vitest';
import { ChannelRecipientError, ChannelSendRefusedError, isChannelRecipientError, isChannelSendRefusedError } from './channels.js';

describe('ChannelSendRefusedError', () => {
  it('is recognised by shape (a plugin may bundle its own SDK copy) and carries its code', () => {
    const err = new ChannelSendRefusedError('ERR_CLOUD_API_WINDOW_CLOSED', 'window closed');
    expect(isChannelSendRefusedError(err)).toBe(true);
    expect(isChannelSendRefusedError({ refused: true, code: 'ERR_SOMETHING', message: 'x' })).toBe(true);
    expect(err.code).toBe('ERR_CLOUD_API_WINDOW_CLOSED');
  });

  it('is not a plain error, a recipient error, or a refusal whose code the messages table could not hold', () => {
    expect(isChannelSendRefusedError(new Error('boom'))).toBe(false);
    expect(isChannelSendRefusedError(new ChannelRecipientError())).toBe(false);
    expect(isChannelRecipientError(new ChannelSendRefusedError('ERR_X', 'x'))).toBe(false);
    expect(isChannelSendRefusedError(new ChannelSendRefusedError('not an error code', 'x'))).toBe(false);
    expect(isChannelSendRefusedError(new ChannelSendRefusedError(`ERR_${'A'.repeat(40)}`, 'x'))).toBe(false);
    expect(isChannelSendRefusedError(null)).toBe(false);
  });
});
