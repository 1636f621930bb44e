// npm run inbox:redrive: moves the inbound inbox's set-aside entries (<namespace>:inbound-inbox:dead)
// back into the inbox, where the running servers handle them again (storing is idempotent by message id).
// Run it once the cause is fixed (issue 28 item 4). Reads REDIS_URL (default redis://127.0.0.1:6379) and
// DATABASE_URL, whose database name is the Redis namespace (default: npm start's database, "atende").
import { Redis } from 'ioredis';

const BATCH = 100;
const database = process.env.DATABASE_URL ? decodeURIComponent(new URL(process.env.DATABASE_URL).pathname.slice(1)) : 'atende';
const inbox = `atende:${database || 'default'}:inbound-inbox`;
const dead = `${inbox}:dead`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 3 });

try {
  let moved = 0;
  for (;;) {
    const entries = await redis.xrange(dead, '-', '+', 'COUNT', BATCH);
    if (!entries.length) break;
    for (const [id, fields] of entries) {
      const at = fields.indexOf('d');
      if (at < 0 || at % 2) {
        console.warn(`Skipped ${id}: no message in it.`);
        await redis.xdel(dead, id);
        continue;
      }
      // Each entry moves in one transaction: never both in the inbox and still set aside, never neither.
      await redis.multi().xadd(inbox, '*', 'd', fields[at + 1]).xdel(dead, id).exec();
      moved++;
    }
  }
  console.log(`Moved ${moved} set-aside entr${moved === 1 ? 'y' : 'ies'} from ${dead} back to ${inbox}.`);
} finally {
  redis.disconnect();
}
