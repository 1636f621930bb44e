import type { FormRule } from 'antd';

/** Longest tag name the contract accepts. */
export const TAG_NAME_MAX = 60;
/** The colour a new tag starts with (the contract's default). */
export const DEFAULT_TAG_COLOR = '#A4CCCC';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Tag name (core-operations §5): required ('Obrigatório'), at least 3 characters ('Mensagem muito curta'), translated. */
export function tagNameRules(t: T): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('tags.required') },
    { min: 3, transform: (v: string) => v?.trim(), message: t('tags.tooShort') },
    { max: TAG_NAME_MAX, transform: (v: string) => v?.trim(), message: t('tags.tooLong') },
  ];
}

/** Black or white, whichever reads better on the tag's own colour (the colour is the user's choice in both themes). */
export function textOn(hex: string): string {
  let h = hex.replace('#', '');
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  if ([r, g, b].some((n) => Number.isNaN(n))) return '#000';
  // Relative luminance (sRGB weights); light colours get dark text.
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#000' : '#fff';
}
