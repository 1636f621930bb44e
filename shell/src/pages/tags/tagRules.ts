import type { FormRule } from 'antd';

/** Longest tag name the contract accepts. */
export const TAG_NAME_MAX = 60;
/** The colour a new tag starts with (the contract's default). */
export const DEFAULT_TAG_COLOR = '#A4CCCC';

/**
 * Colours a new tag is offered in turn, far enough apart to tell kanban lanes (and ticket chips) apart;
 * the contract's default first.
 */
export const TAG_PALETTE = ['#A4CCCC', '#1677FF', '#52C41A', '#FA8C16', '#EB2F96', '#722ED1', '#F5222D', '#13C2C2', '#FADB14', '#8C8C8C', '#2F54EB', '#A0D911'];

/** The first palette colour no tag uses yet (case-insensitive); once all are taken, the least used one. */
export function nextTagColor(used: readonly string[]): string {
  const count = new Map(TAG_PALETTE.map((c) => [c, 0]));
  for (const c of used) {
    const key = TAG_PALETTE.find((p) => p.toLowerCase() === c.toLowerCase());
    if (key) count.set(key, count.get(key)! + 1);
  }
  return TAG_PALETTE.reduce((best, c) => (count.get(c)! < count.get(best)! ? c : best), TAG_PALETTE[0]!);
}

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
