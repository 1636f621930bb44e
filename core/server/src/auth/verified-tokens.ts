/**
 * Access tokens whose signature was already checked, so a busy client's next requests skip the HMAC
 * (WebCrypto's verify was ~7 % of the server's CPU under the inbound bench). Safe because the key is the
 * whole token, signature included: only the exact bytes once verified hit, and each hit checks `exp`
 * again. Revocation is not this cache's job: the session cache checks tokenVersion on every request.
 * Bounded: the oldest entry goes first; only verified tokens get in, so garbage cannot fill it.
 */
export class VerifiedTokens<T extends { exp?: number }> {
  private readonly map = new Map<string, T>();

  constructor(private readonly max = 10_000) {}

  /** The claims of a token verified before, or undefined (unknown, or expired: forgotten then). */
  get(token: string, nowSeconds = Date.now() / 1000): T | 'expired' | undefined {
    const claims = this.map.get(token);
    if (!claims) return undefined;
    if (claims.exp === undefined || claims.exp <= nowSeconds) {
      this.map.delete(token);
      return 'expired';
    }
    return claims;
  }

  set(token: string, claims: T): void {
    // Tokens without an expiry are never kept: a hit must be able to lapse.
    if (claims.exp === undefined) return;
    this.map.set(token, Object.freeze(claims));
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }

  get size(): number {
    return this.map.size;
  }
}
