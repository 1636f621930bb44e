import type { ReactNode } from 'react';

/**
 * WhatsApp-style text → React nodes (core-operations §5 "Markdown in messages"), for the shell's
 * conversation and list previews and for plugins (kanban cards). Contact text is
 * never parsed as HTML: the only elements are the ones made here (<b>, <i>, <s>, <code>, <a>, <br>)
 * and everything else is a text node, so `<script>`, `onerror=` or `&lt;` stay literal text.
 * Links are http/https only and open in a new tab without access to this page.
 */

/** Inline markers and the element each one makes. */
const MARKERS: Record<string, 'b' | 'i' | 's'> = { '*': 'b', _: 'i', '~': 's' };
const URL_AT = /https?:\/\/[^\s<>"'`]+/y;
/** Punctuation that usually ends a sentence or closes a marker rather than belonging to the link. */
const URL_TRAILING = /[.,;:!?)\]}*_~]+$/;
const WORD = /[\p{L}\p{N}]/u;

/** The href of a typed link when it is a well-formed http(s) URL; null otherwise. */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function isWord(ch: string | undefined): boolean {
  return ch !== undefined && WORD.test(ch);
}

function isSpace(ch: string | undefined): boolean {
  return ch === undefined || /\s/.test(ch);
}

/** Plain text with its line breaks as <br>. */
function pushText(out: ReactNode[], text: string, key: () => string): void {
  if (!text) return;
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (i > 0) out.push(<br key={key()} />);
    if (line) out.push(line);
  });
}

/**
 * Index of the marker closing the one opened at `open`, on the same line; -1 when none. The first
 * valid closing wins, so a marker never nests inside itself: depth is at most three (b, i, s).
 */
function closingOf(text: string, open: number): number {
  const mark = text[open];
  for (let j = open + 2; j < text.length; j++) {
    const ch = text[j];
    if (ch === '\n') return -1;
    if (ch === mark && !isSpace(text[j - 1]) && !isWord(text[j + 1])) return j;
  }
  return -1;
}

function parseInline(text: string, key: () => string): ReactNode[] {
  const out: ReactNode[] = [];
  let plain = '';
  // Markers that found no closing after some point cannot find one later on that line either.
  const noCloseUntil: Record<string, number> = {};
  const flush = () => {
    pushText(out, plain, key);
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if ((ch === 'h' || ch === 'H') && !isWord(text[i - 1])) {
      URL_AT.lastIndex = i;
      const m = URL_AT.exec(text);
      if (m) {
        const raw = m[0].replace(URL_TRAILING, '');
        const href = safeHref(raw);
        if (href) {
          flush();
          out.push(
            <a key={key()} href={href} target="_blank" rel="noopener noreferrer">
              {raw}
            </a>,
          );
          i += raw.length;
          continue;
        }
      }
    }
    const tag = MARKERS[ch];
    if (tag && !isWord(text[i - 1]) && !isSpace(text[i + 1]) && (noCloseUntil[ch] ?? -1) < i) {
      const close = closingOf(text, i);
      if (close > 0) {
        flush();
        const Tag = tag;
        out.push(<Tag key={key()}>{parseInline(text.slice(i + 1, close), key)}</Tag>);
        i = close + 1;
        continue;
      }
      const lineEnd = text.indexOf('\n', i);
      noCloseUntil[ch] = lineEnd < 0 ? text.length : lineEnd;
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}

/** The message text as React nodes: ```monospace``` blocks first (shown as typed), then inline markers and links. */
export function renderMessageText(text: string): ReactNode[] {
  let n = 0;
  const key = () => `k${n++}`;
  const out: ReactNode[] = [];
  const mono = /```([\s\S]+?)```/g;
  let last = 0;
  for (const m of text.matchAll(mono)) {
    out.push(...parseInline(text.slice(last, m.index), key));
    out.push(<code key={key()}>{m[1]}</code>);
    last = m.index + m[0].length;
  }
  out.push(...parseInline(text.slice(last), key));
  return out;
}

/** A WhatsApp text on one line (previews, cards): its formatting shown, its line breaks as spaces. */
export function WhatsAppPreview({ text }: { text: string }) {
  return <>{renderMessageText(text.replace(/\s*\n\s*/g, ' '))}</>;
}
