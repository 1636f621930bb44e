/** Types of the fake OpenAI-compatible server (server.mjs). */
export declare const FAKE_PNG_BASE64: string;
/** A real PCM WAV (8 kHz, 8-bit, mono) of a tone lasting `seconds`. */
export declare function wavTone(seconds?: number, rate?: number): Buffer;
export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a recorded JSON body, read loosely by tests
  body: any;
}
export interface FakeOpenAi {
  host: string;
  url: string;
  requests: FakeRequest[];
  reply(text: string): void;
  fail(status?: number, message?: string): void;
  delay(ms: number): void;
  setTranscript(text: string): void;
  reset(): void;
  close(): Promise<void>;
}
export declare function startFakeOpenAi(options?: { port?: number }): Promise<FakeOpenAi>;
