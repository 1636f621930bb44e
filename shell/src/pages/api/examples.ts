/** The copyable examples of the API page: the same call as JSON, with a media URL, and as an upload. */
export interface ApiExamples {
  text: string;
  mediaUrl: string;
  upload: string;
}

export function apiExamples(origin: string, token: string): ApiExamples {
  const url = `${origin}/api/messages/send`;
  const auth = `-H "Authorization: Bearer ${token}"`;
  return {
    text: `curl -X POST "${url}" \\\n  ${auth} \\\n  -H "Content-Type: application/json" \\\n  -H "Idempotency-Key: order-1001" \\\n  -d '{"number": "51987654321", "body": "Su pedido está en camino"}'`,
    mediaUrl: `curl -X POST "${url}" \\\n  ${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '{"number": "51987654321", "body": "Factura", "mediaUrl": "https://example.com/factura.pdf", "mediaName": "factura.pdf"}'`,
    upload: `curl -X POST "${url}" \\\n  ${auth} \\\n  -F number=51987654321 \\\n  -F body="Catálogo" \\\n  -F medias=@catalogo.pdf`,
  };
}
