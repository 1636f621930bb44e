import msgpack from 'notepack.io';

/**
 * The Redis adapter's parser (msgpack, as its default) that does not decode this process's own
 * broadcasts. Every emit is published to Redis for the other processes, and Redis hands it back to this
 * process's subscriber too; the adapter decoded each one whole (an inbound message's ticket and message
 * DTOs) only to drop it for carrying its own uid (issue 37 item 1: the emit and its publish were ~10 %
 * of the inbound CPU). A broadcast is `[uid, packet, opts]`: the uid is read first, and a broadcast of
 * one of `own` comes back as `[uid]`, which the adapter ignores on that uid before reading the rest.
 */
export function ownEchoParser(own: ReadonlySet<string>) {
  return {
    encode: (data: unknown): Buffer => msgpack.encode(data),
    decode(msg: Buffer): unknown {
      const uid = broadcastUid(msg);
      if (uid !== null && own.has(uid)) return [uid];
      return msgpack.decode(msg);
    },
  };
}

/** The uid of a msgpack-encoded broadcast (an array whose first element is a short string), else null. */
export function broadcastUid(msg: Buffer): string | null {
  // fixarray of 1 to 15 elements, then a fixstr (up to 31 bytes): the adapter's uids are 6 characters.
  if (msg.length < 2 || (msg[0] & 0xf0) !== 0x90 || (msg[1] & 0xe0) !== 0xa0) return null;
  const length = msg[1] & 0x1f;
  if (msg.length < 2 + length) return null;
  return msg.toString('utf8', 2, 2 + length);
}
