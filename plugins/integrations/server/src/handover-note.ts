/**
 * The words of the ticket note a hand-over leaves (issue 33 item 2): whoever finds the ticket in the queue
 * reads why the integration let go of it. In Spanish, the platform's default language, as the AI
 * assistant's hand-over notes (notes are stored text, not translated per reader).
 */

/** An HTTP status in a runtime's error ("HTTP 500", "startChat HTTP 502"…). */
const STATUS = /\bHTTP (\d{3})\b/;

/** Why the remote failed, in words: the guard's rule, the status it answered, or the error's own text. */
export function failureWords(err: Error): string {
  const rule = (err as { reason?: unknown }).reason;
  if (rule === 'timeout') return 'no respondió a tiempo';
  if (rule === 'too_large') return 'respondió algo demasiado grande';
  if (rule === 'redirect') return 'respondió con una redirección, que no se sigue';
  if (rule === 'private_address' || rule === 'scheme' || rule === 'invalid_url') return `tiene una URL que la plataforma rechaza (${rule})`;
  const status = STATUS.exec(err.message)?.[1];
  if (status) return `respondió con el error HTTP ${status}`;
  return `falló: ${err.message.slice(0, 200)}`;
}

/** The whole note: which integration, and why a person has the conversation now. */
export function handoverNote(integration: { name: string; type: string }, why: { failure: Error } | { asked: string }): string {
  const who = `La integración «${integration.name}» (${integration.type})`;
  if ('failure' in why) return `${who} ${failureWords(why.failure)}: la conversación pasó a un agente.`;
  return `${who} pasó la conversación a un agente: ${why.asked}.`;
}
