import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, kernelMain, redisUrlWithDb } from './server.js';

describe('test kit options (issue 29 item 1)', () => {
  afterEach(() => {
    delete process.env.ATENDE_KERNEL_MAIN;
  });

  it('picks a Redis database by replacing the URL path', () => {
    expect(redisUrlWithDb('redis://127.0.0.1:6379', 3)).toBe('redis://127.0.0.1:6379/3');
    expect(redisUrlWithDb('redis://:pw@cache:6380/0', 7)).toBe('redis://:pw@cache:6380/7');
  });

  it('refuses a database prefix that is not a plain identifier, before touching PostgreSQL', async () => {
    await expect(createDatabase({ prefix: 'My-Plugin' })).rejects.toThrow(/Database prefix "My-Plugin"/);
    await expect(createDatabase({ prefix: 'x"; drop' })).rejects.toThrow(/lowercase letters/);
  });

  it('finds the kernel through the installed @atende/server package, or where ATENDE_KERNEL_MAIN says', () => {
    expect(kernelMain()).toMatch(/dist[\\/]main\.js$/);
    process.env.ATENDE_KERNEL_MAIN = 'somewhere/main.js';
    expect(kernelMain()).toBe(path.resolve('somewhere/main.js'));
  });
});
