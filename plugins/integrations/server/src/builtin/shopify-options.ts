import type { Integration } from '@atende/plugin-integrations-contract';

type ShopifyOption = Integration['shopifyOptions'][number];

/** Lowercase, without accents or punctuation runs: "¿Envío?" and "envio" compare equal. */
export const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** An option's keywords: comma-separated, each a word or a phrase. */
export const keywordsOf = (option: ShopifyOption) =>
  (option.keywords ?? '')
    .split(',')
    .map(normalize)
    .filter(Boolean);

/**
 * The first option (in the dialog's order) with a keyword in the customer's text, as whole words: "envío"
 * matches "¿cuánto cuesta el envio?" but not "envíos"; an option that would do nothing (no image, no
 * description, no flow) never matches.
 */
export function optionFor(options: readonly ShopifyOption[], text: string): ShopifyOption | null {
  const said = ` ${normalize(text)} `;
  if (!said.trim()) return null;
  for (const option of options) {
    if (!option.image && !option.description?.trim() && !option.flowId) continue;
    if (keywordsOf(option).some((k) => said.includes(` ${k} `))) return option;
  }
  return null;
}
