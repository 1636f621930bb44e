import { describe, expect, it } from 'vitest';
import { pgTarget } from '../../lib/backup.mjs';

describe('backup: the database password never goes on a command line', () => {
  it('moves the password from the URL into PGPASSWORD', () => {
    const t = pgTarget('postgres://atende:s3cr%2Ft%40x@db.internal:5433/atende?sslmode=require');
    expect(t.url).toBe('postgres://atende@db.internal:5433/atende?sslmode=require');
    expect(t.url).not.toContain('s3cr');
    expect(t.env.PGPASSWORD).toBe('s3cr/t@x');
  });

  it('leaves a URL without a password as it is', () => {
    const t = pgTarget('postgres://postgres@127.0.0.1:5432/atende');
    expect(t.url).toBe('postgres://postgres@127.0.0.1:5432/atende');
    expect(t.env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});
