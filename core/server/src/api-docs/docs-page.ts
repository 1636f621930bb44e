/**
 * The OpenAPI document as one self-contained HTML page (issue 34 item 3): rendered on the server, no
 * script and no CDN (the server's CSP allows no inline script, and there may be no internet). Each
 * operation is a <details> with its parameters, body and answer as JSON Schema.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const pretty = (v: unknown) => esc(JSON.stringify(v, null, 2));

type Op = { tags: string[]; summary?: string; description?: string; parameters?: unknown[]; requestBody?: unknown; responses?: unknown; security?: unknown[] };

const EXAMPLE = `curl -X POST "$ATENDE_URL/api/messages/send" \\
  -H "Authorization: Bearer $CONNECTION_TOKEN" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-1001" \\
  -d '{"number": "51987654321", "body": "Your order is on its way"}'`;

export function renderDocsPage(doc: { info: { title: string; version: string; description: string }; paths: Record<string, Record<string, Op>>; tags: { name: string }[] }): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const auth = !op.security?.length ? 'public' : JSON.stringify(op.security).includes('connectionToken') ? 'connection token' : 'session';
      const parts = [
        op.summary ? `<p>${esc(op.summary)}</p>` : '',
        op.description ? `<p>${esc(op.description)}</p>` : '',
        `<p class="auth">Auth: ${auth}</p>`,
        op.parameters ? `<h4>Parameters</h4><pre>${pretty(op.parameters)}</pre>` : '',
        op.requestBody ? `<h4>Body</h4><pre>${pretty(op.requestBody)}</pre>` : '',
        `<h4>Answers</h4><pre>${pretty(op.responses)}</pre>`,
      ];
      const item = `<details data-route="${esc(method.toUpperCase())} ${esc(path)}"><summary><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></summary>${parts.join('')}</details>`;
      const tag = op.tags[0];
      byTag.set(tag, [...(byTag.get(tag) ?? []), item]);
    }
  }
  const sections = doc.tags.map((t) => `<section><h2>${esc(t.name)}</h2>${t.name === 'External API' ? `<pre class="example">${esc(EXAMPLE)}</pre>` : ''}${(byTag.get(t.name) ?? []).join('')}</section>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} ${esc(doc.info.version)}</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { max-width: 1100px; margin: 0 auto; padding: 24px; }
details { border: 1px solid #8884; border-radius: 6px; margin: 6px 0; padding: 6px 10px; }
summary { cursor: pointer; }
pre { overflow: auto; font-size: 12px; background: #8881; padding: 8px; border-radius: 4px; }
.m { display: inline-block; min-width: 64px; font-weight: 600; }
.get { color: #1677ff; } .post { color: #52c41a; } .put { color: #fa8c16; } .delete { color: #f5222d; } .patch { color: #722ed1; }
.auth { opacity: .7; }
</style></head><body>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
<p>${esc(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a> (OpenAPI 3.1).</p>
${sections.join('\n')}
</body></html>`;
}
