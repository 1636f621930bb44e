import type { UserOptions } from '@module-federation/runtime/types';

/**
 * The share scope the shell hands plugin remotes (federation-host.ts). atendeHost (@atende/sdk-web/vite)
 * writes this module's code at build time: every shared module as a dynamic import of the module the
 * shell itself runs, and each package's installed version. What is here is only what a test without
 * that build sees: nothing shared.
 */
export const shared: NonNullable<UserOptions['shared']> = {};
export const versions: Record<string, string> = {};
