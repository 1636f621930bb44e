import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The fake OpenAI-compatible server (tooling/fakes/openai/server.mjs) in its own process, driven over its control API. */
export interface FakeOpenAiProcess {
  host: string;
  url: string;
  requests(): Promise<{ method: string; path: string; headers: Record<string, string>; body: any }[]>;
  reply(text: string): Promise<void>;
  fail(status: number, message: string): Promise<void>;
  delay(ms: number): Promise<void>;
  setTranscript(text: string): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('../../../../tooling/fakes/openai/server.mjs', import.meta.url));

/** The fake's real WAV tone of `seconds` (a voice note of a known length), loaded from the script itself. */
export async function wavTone(seconds: number): Promise<Buffer> {
  const fake = (await import(pathToFileURL(SCRIPT).href)) as { wavTone(seconds: number): Buffer };
  return fake.wavTone(seconds);
}

export async function spawnFakeOpenAi(): Promise<FakeOpenAiProcess> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPT, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`fake OpenAI exited (${code})`)));
  });
  const host = `127.0.0.1:${port}`;
  const control = async (what: string, body?: unknown) => {
    const res = await fetch(`http://${host}/__fake/${what}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    if (!res.ok) throw new Error(`fake control ${what}: ${res.status}`);
  };
  return {
    host,
    url: `http://${host}/v1`,
    requests: async () => (await fetch(`http://${host}/__fake/requests`)).json(),
    reply: (text) => control('reply', { text }),
    fail: (status, message) => control('fail', { status, message }),
    delay: (ms) => control('delay', { ms }),
    setTranscript: (text) => control('transcript', { text }),
    reset: () => control('reset'),
    close: async () => {
      child.kill();
    },
  };
}
