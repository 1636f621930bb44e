import type { CloudApiTemplate } from '@atende/plugin-cloud-api-contract';
import type { GraphTemplate } from '../graph/graph-client.js';

/** A Graph template as the screens show it: its body text and how many {{n}} parameters it takes. */
export function toTemplate(t: GraphTemplate): CloudApiTemplate {
  const body = t.components?.find((c) => c.type?.toUpperCase() === 'BODY')?.text ?? '';
  const numbers = [...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]));
  return { name: t.name, language: t.language, category: t.category ?? '', status: t.status ?? '', body, parameterCount: numbers.length ? Math.max(...numbers) : 0 };
}

/** The body with its parameters filled in: what the ticket shows for the template sent. */
export const renderTemplate = (body: string, parameters: string[]): string => body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
