import { describe, expect, it } from 'vitest';
import { isMediaHost } from './graph-client.js';

/** The number's access token goes only where Meta keeps media (or the configured Graph host). */
describe('isMediaHost', () => {
  const graph = 'https://graph.facebook.com/v21.0';
  it("accepts https on Meta's media hosts and the Graph origin", () => {
    expect(isMediaHost('https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1', graph)).toBe(true);
    expect(isMediaHost('https://mmg.whatsapp.net/x', graph)).toBe(true);
    expect(isMediaHost('https://graph.facebook.com/v21.0/123', graph)).toBe(true);
    expect(isMediaHost('http://127.0.0.1:4000/download/1', 'http://127.0.0.1:4000/v21.0')).toBe(true);
  });
  it('refuses any other host, plain http, look-alike names and nonsense', () => {
    expect(isMediaHost('https://attacker.example/x', graph)).toBe(false);
    expect(isMediaHost('http://lookaside.fbsbx.com/x', graph)).toBe(false);
    expect(isMediaHost('https://fbsbx.com.attacker.example/x', graph)).toBe(false);
    expect(isMediaHost('https://evilfbsbx.com/x', graph)).toBe(false);
    expect(isMediaHost('http://127.0.0.1:4001/download/1', 'http://127.0.0.1:4000/v21.0')).toBe(false);
    expect(isMediaHost('not a url', graph)).toBe(false);
  });
});
