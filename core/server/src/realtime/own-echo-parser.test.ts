import { describe, expect, it } from 'vitest';
import msgpack from 'notepack.io';
import { broadcastUid, ownEchoParser } from './own-echo-parser.js';

describe('ownEchoParser', () => {
  const packet = { type: 2, data: ['appMessage', { action: 'create', message: { id: 7, body: 'hola' } }], nsp: '/' };
  const opts = { rooms: ['company-1-admins', 'queue-3'], except: [], flags: {} };

  it('reads the uid of a broadcast without decoding the rest', () => {
    expect(broadcastUid(msgpack.encode(['abc123', packet, opts]))).toBe('abc123');
    // A request or response (a map), or a payload too short, has no broadcast uid.
    expect(broadcastUid(msgpack.encode({ type: 0, requestId: 'x' }))).toBeNull();
    expect(broadcastUid(Buffer.from([0x93]))).toBeNull();
    expect(broadcastUid(Buffer.from([0x93, 0xa6, 0x61]))).toBeNull();
  });

  it("drops this process's own broadcasts to their uid and decodes everything else whole", () => {
    const parser = ownEchoParser(new Set(['mine01']));
    expect(parser.decode(parser.encode(['mine01', packet, opts]))).toEqual(['mine01']);
    expect(parser.decode(parser.encode(['other1', packet, opts]))).toEqual(['other1', packet, opts]);
    const request = { type: 3, requestId: 'r1', rooms: ['a'] };
    expect(parser.decode(parser.encode(request))).toEqual(request);
  });
});
