// A local OpenAI-compatible server for tests and the demo (issue 31): the AI plugin talks to it through
// its configurable base URL exactly as it would to any OpenAI-compatible host. No internet needed.
//
//   import { startFakeOpenAi } from '../../tooling/fakes/openai/server.mjs';
//   const fake = await startFakeOpenAi();          // fake.url = 'http://127.0.0.1:<port>/v1'
//   fake.reply('¡Hola! ¿En qué te ayudo?');         // the next chat completion answers this
//   fake.fail(500, 'boom'); fake.delay(5000);        // the next call fails / answers late
//   fake.requests                                    // every request it got: { method, path, headers, body }
//
// Or run it alone (`node tooling/fakes/openai/server.mjs 8787`, port 0 = any free one; it prints
// `listening <port>`) for the demo or a test in another package: it answers every chat with an echo of the
// customer's last message, and "humano"/"human" with a hand-over. The same controls over HTTP:
// POST /__fake/reply {text}, /__fake/fail {status,message}, /__fake/delay {ms}, /__fake/transcript {text},
// /__fake/reset; GET /__fake/requests.
//
// Endpoints: POST /v1/chat/completions, /v1/audio/transcriptions, /v1/audio/speech (a real WAV tone, for
// response_format "wav"), /v1/images/generations, /v1/images/edits. Unless told otherwise, chat answers: the queued reply, else "[fake] <last user message>".
import http from 'node:http';

/** A 1x1 PNG: what every image answer holds (base64). */
export const FAKE_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * A real PCM WAV (8 kHz, 8-bit, mono) of a 440 Hz tone lasting `seconds`: what speech answers hold, so the
 * kernel's voice-note conversion (ffmpeg) gets audio it accepts, and what a test sends as a voice note
 * of a known length (transcription is paid per started minute).
 */
export function wavTone(seconds = 0.5, rate = 8000) {
  const samples = Math.round(seconds * rate);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // byte rate: 1 byte a sample
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples, 40);
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++) data[i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return Buffer.concat([header, data]);
}

export async function startFakeOpenAi({ port = 0 } = {}) {
  const requests = [];
  /** One-shot behaviours, consumed in order: { kind: 'reply'|'fail'|'delay', … }. */
  const queue = [];
  let transcript = 'transcripción de prueba';

  const read = (req) =>
    new Promise((resolve) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });

  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const raw = await read(req);
    const type = String(req.headers['content-type'] ?? '');
    let body = null;
    if (type.includes('application/json')) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = null;
      }
    } else if (type.includes('multipart/form-data')) {
      // Only the text fields are recorded (the file's bytes are counted, not kept).
      body = { multipart: true, bytes: raw.length, fields: multipartFields(raw.toString('latin1')) };
    }
    const path = (req.url ?? '').split('?')[0];
    // The control API (another process, e.g. a test that spawned this server, drives it over HTTP).
    if (path.startsWith('/__fake/')) return control(req.method, path.slice('/__fake/'.length), body, res);
    requests.push({ method: req.method, path, headers: req.headers, body });

    const next = queue.shift();
    if (next?.kind === 'delay') await new Promise((r) => setTimeout(r, next.ms));
    if (next?.kind === 'fail') return json(res, next.status, { error: { message: next.message, type: 'fake_error', code: null } });
    if (!String(req.headers.authorization ?? '').startsWith('Bearer ')) return json(res, 401, { error: { message: 'Missing API key', type: 'invalid_request_error' } });

    if (req.method === 'POST' && path.endsWith('/chat/completions')) {
      const messages = body?.messages ?? [];
      const lastUser = [...messages].reverse().find((m) => m.role === 'user');
      const content = next?.kind === 'reply' ? next.text : defaultReply(typeof lastUser?.content === 'string' ? lastUser.content : '');
      return json(res, 200, {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body?.model ?? 'fake',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      });
    }
    if (req.method === 'POST' && path.endsWith('/audio/transcriptions')) return json(res, 200, { text: next?.kind === 'reply' ? next.text : transcript });
    if (req.method === 'POST' && path.endsWith('/audio/speech')) {
      // Real audio, in the one format this fake speaks (WAV); other formats are refused, not faked.
      if (body?.response_format !== 'wav') return json(res, 400, { error: { message: 'The fake speaks response_format "wav" only', type: 'invalid_request_error' } });
      res.writeHead(200, { 'content-type': 'audio/wav' });
      return res.end(wavTone(Math.min(5, 0.3 + String(body?.input ?? '').length * 0.02)));
    }
    if (req.method === 'POST' && (path.endsWith('/images/generations') || path.endsWith('/images/edits'))) {
      return json(res, 200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: FAKE_PNG_BASE64 }] });
    }
    json(res, 404, { error: { message: `No fake for ${req.method} ${path}` } });
  });

  function control(method, what, body, res) {
    if (method === 'GET' && what === 'requests') return json(res, 200, requests);
    if (method === 'POST' && what === 'reply') queue.push({ kind: 'reply', text: String(body?.text ?? '') });
    else if (method === 'POST' && what === 'fail') queue.push({ kind: 'fail', status: Number(body?.status ?? 500), message: String(body?.message ?? 'fake failure') });
    else if (method === 'POST' && what === 'delay') queue.push({ kind: 'delay', ms: Number(body?.ms ?? 0) });
    else if (method === 'POST' && what === 'transcript') transcript = String(body?.text ?? '');
    else if (method === 'POST' && what === 'reset') {
      queue.length = 0;
      requests.length = 0;
    } else return json(res, 404, { error: 'unknown control' });
    json(res, 200, { ok: true });
  }

  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const host = `127.0.0.1:${address.port}`;
  return {
    host,
    url: `http://${host}/v1`,
    requests,
    /** The next answer (chat content or transcription text). */
    reply(text) {
      queue.push({ kind: 'reply', text });
    },
    /** The next call answers `status` with an OpenAI-style error. */
    fail(status = 500, message = 'fake failure') {
      queue.push({ kind: 'fail', status, message });
    },
    /** The next call answers after `ms`. */
    delay(ms) {
      queue.push({ kind: 'delay', ms });
    },
    setTranscript(text) {
      transcript = text;
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}

/** The demo's answer: a hand-over on request, else an echo. */
function defaultReply(text) {
  if (/\b(humano|human|atendente|agente)\b/i.test(text)) return '[HANDOVER]';
  return `[fake] ${text}`;
}

function multipartFields(text) {
  const fields = {};
  for (const m of text.matchAll(/name="([^"]+)"(?:; filename="[^"]*")?\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n--/g)) {
    if (!m[0].includes('filename=')) fields[m[1]] = m[2];
  }
  return fields;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeOpenAi({ port: Number(process.argv[2] ?? 8787) });
  console.log(`listening ${fake.host.split(':')[1]}`);
  console.log(`fake OpenAI at ${fake.url} (start the server with OUTBOUND_ALLOW_HOSTS=${fake.host})`);
}
