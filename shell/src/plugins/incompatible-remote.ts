// Its own module: the loader throws it and the failure notices recognise it (tests mock the loader).
/** A remote built with an SDK this shell cannot serve (GET /api/plugins `sdkWeb`): never imported. */
export class IncompatibleRemoteError extends Error {
  override readonly name = 'IncompatibleRemoteError';
  constructor(
    readonly pluginId: string,
    readonly builtWith: string,
    reason: string,
  ) {
    super(`Plugin ${pluginId} not loaded: ${reason}.`);
  }
}
