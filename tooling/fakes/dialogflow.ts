import { createVerify, generateKeyPairSync } from 'node:crypto';
import { jsonOf, startFake, type FakeServer } from './fake-server.js';

/** A service account the fake trusts (a fresh RSA key per run): what the tenant pastes in jsonContent. */
export function fakeServiceAccount(project = 'agente-prueba') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    json: JSON.stringify({
      type: 'service_account',
      project_id: project,
      client_email: `bot@${project}.iam.gserviceaccount.com`,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    }),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * Google's token endpoint and Dialogflow ES in one server: `POST /token` checks the JWT-bearer assertion's
 * RS256 signature with the service account's public key and answers an access token; `POST
 * /v2/projects/{p}/agent/sessions/{s}:detectIntent` needs it and answers "Dialogflow (<lang>): <text>"
 * ("adios" ends the conversation). `fail = true` answers 500.
 */
export async function startDialogflowFake(publicKey: string): Promise<FakeServer & { fail: boolean; tokenUrl: string }> {
  // The handler reads the returned object: a test sets `fail` on it.
  let flags: { fail: boolean } = { fail: false };
  const issued = new Set<string>();
  const fake = await startFake((req) => {
    if (flags.fail) return { status: 500, json: { error: 'down' } };
    if (req.url === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(req.body);
      const jwt = form.get('assertion') ?? '';
      const [h, c, s] = jwt.split('.');
      const ok = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && !!s && createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(s, 'base64url'));
      if (!ok) return { status: 400, json: { error: 'invalid_grant' } };
      const token = `tok-${issued.size + 1}`;
      issued.add(token);
      return { json: { access_token: token, expires_in: 3600, token_type: 'Bearer' } };
    }
    const m = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(req.url);
    if (m && req.method === 'POST') {
      const auth = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!issued.has(auth)) return { status: 401, json: { error: 'unauthenticated' } };
      const q = jsonOf<{ queryInput: { text: { text: string; languageCode: string } } }>(req).queryInput.text;
      const end = q.text.trim().toLowerCase() === 'adios';
      return { json: { queryResult: { fulfillmentMessages: [{ text: { text: [`Dialogflow (${q.languageCode}): ${q.text}`] } }], diagnosticInfo: end ? { end_conversation: true } : undefined } } };
    }
    return { status: 404, json: {} };
  });
  const out = Object.assign(fake, { tokenUrl: `${fake.url}/token`, fail: false });
  flags = out;
  return out;
}
