import { createRequire } from 'node:module';

/**
 * This kernel's version, from @atende/server's package.json (dist/plugins → two levels up): the version
 * plugins' `requires.kernel` ranges are checked against.
 */
export const KERNEL_VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
