import { describe, expect, it } from 'vitest';
import { readCallbackMessage } from './popup-messages.js';

const own = 'https://app.test';
const good = { source: 'google-sheets-callback', type: 'GOOGLE_SHEETS_AUTH_SUCCESS', code: 'c', state: 's', error: null };

describe('readCallbackMessage', () => {
  it('takes the callback page’s messages from the own origin, both type names', () => {
    expect(readCallbackMessage({ origin: own, data: good }, own)).toEqual({ ok: true, code: 'c', state: 's', error: null });
    expect(readCallbackMessage({ origin: own, data: { ...good, type: 'GOOGLE_AUTH_SUCCESS' } }, own)?.ok).toBe(true);
    expect(readCallbackMessage({ origin: own, data: { ...good, type: 'GOOGLE_AUTH_ERROR', code: null, error: 'access_denied' } }, own)).toEqual({ ok: false, code: null, state: 's', error: 'access_denied' });
  });
  it('ignores unknown origins, other sources and other types', () => {
    expect(readCallbackMessage({ origin: 'https://evil.test', data: good }, own)).toBeNull();
    expect(readCallbackMessage({ origin: own, data: { ...good, source: 'other' } }, own)).toBeNull();
    expect(readCallbackMessage({ origin: own, data: { ...good, type: 'HELLO' } }, own)).toBeNull();
    expect(readCallbackMessage({ origin: own, data: 'text' }, own)).toBeNull();
  });
});
