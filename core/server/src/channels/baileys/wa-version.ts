import { fetchLatestWaWebVersion } from '@whiskeysockets/baileys';

export type WaVersion = [number, number, number];

/** "2.3000.1023223821" → [2, 3000, 1023223821]; null for anything else. */
export function parseWaVersion(value: string | undefined): WaVersion | null {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(value?.trim() ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

type Fetcher = (options: RequestInit) => Promise<{ version: WaVersion; isLatest: boolean }>;

/**
 * The WhatsApp Web version new sockets announce (issue 10 item 5): the current one fetched from
 * WhatsApp at boot (in the background, bounded by a timeout so a boot never waits on it), else the
 * configured WA_WEB_VERSION, else Baileys' bundled one (undefined here). An outdated version makes
 * WhatsApp close the socket with 405, which the provider treats as terminal.
 */
export class WaVersionSource {
  private fetched: WaVersion | undefined;

  constructor(
    private readonly configured: WaVersion | undefined,
    private readonly fetcher: Fetcher = (o) => fetchLatestWaWebVersion(o) as ReturnType<Fetcher>,
  ) {}

  async refresh(timeoutMs = 10_000): Promise<WaVersion | undefined> {
    try {
      const result = await this.fetcher({ signal: AbortSignal.timeout(timeoutMs) });
      // Baileys answers its bundled version with isLatest false when the fetch failed.
      if (result.isLatest) this.fetched = result.version;
    } catch {
      /* offline or blocked: the configured or bundled version is used */
    }
    return this.current();
  }

  current(): WaVersion | undefined {
    return this.fetched ?? this.configured;
  }
}
