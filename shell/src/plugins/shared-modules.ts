/**
 * The share scope the shell hands plugin remotes (share-scope.ts). vite.config.ts writes this module's
 * code at build time (hostSharedModule of @atende/sdk-web/federation: every shared key as a dynamic
 * import of the module the shell itself runs); what is here is only what a test without that build
 * sees: nothing shared.
 */
export const shared: Record<string, () => Promise<unknown>> = {};
