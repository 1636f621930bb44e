/**
 * The editors' validation (automation-productivity §5), as pure functions answering the key of the
 * message to show (locales.ts, under `v.`), or null when the value is accepted.
 */
export type Problem = string | null;

export const NAME_MIN = 2;
export const NAME_MAX = 50;

/** Flow name: required, 2 to 50 characters ('Digite um nome!', 'Muito curto!', 'Muito longo!'). */
export function flowNameProblem(name: string | undefined | null): Problem {
  const v = (name ?? '').trim();
  if (!v) return 'v.nameRequired';
  if (v.length < NAME_MIN) return 'v.nameShort';
  if (v.length > NAME_MAX) return 'v.nameLong';
  return null;
}

/** Import: a .json file whose content is encrypted ({encrypted, data, iv}) or plain ({name, flow}). */
export function importFileProblem(file: { type: string; name: string }): Problem {
  const json = file.type === 'application/json' || (!file.type && file.name.toLowerCase().endsWith('.json'));
  return json ? null : 'v.importJson';
}
export function importContentProblem(content: unknown): Problem {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return 'v.importFormat';
  const c = content as Record<string, unknown>;
  const encrypted = c.encrypted !== undefined && typeof c.data === 'string' && typeof c.iv === 'string';
  const plain = typeof c.name === 'string' && c.name.trim() !== '' && !!c.flow && typeof c.flow === 'object';
  return encrypted || plain ? null : 'v.importFormat';
}

/** Follow-up: each time over 0 and at most 9999 minutes, at least one; pauses 1 to 60 seconds. */
export const FOLLOW_UP_MAX_MINUTES = 9999;
export interface FollowUpContent {
  type: 'text' | 'image' | 'audio' | 'video' | 'interval';
  id: string;
  value?: string | number;
  caption?: string;
  record?: boolean;
  fileName?: string;
  preview?: string;
  mediaUrl?: string;
}
export interface FollowUpTime {
  id: string;
  minutes: number;
  content: FollowUpContent[];
}
export function followUpProblem(times: FollowUpTime[]): Problem {
  if (!times.length) return 'v.followUpOne';
  if (times.some((t) => !(Number(t.minutes) > 0))) return 'v.followUpZero';
  if (times.some((t) => Number(t.minutes) > FOLLOW_UP_MAX_MINUTES)) return 'v.followUpMax';
  for (const t of times) {
    for (const c of t.content) {
      if (c.type === 'interval') {
        const s = Number(c.value);
        if (!(s >= 1 && s <= 60)) return 'v.pauseRange';
      }
      if (c.type === 'text' && !String(c.value ?? '').trim()) return 'v.emptyMessage';
      if ((c.type === 'image' || c.type === 'audio' || c.type === 'video') && !c.mediaUrl && !c.value) return 'v.emptyCards';
    }
  }
  return null;
}

/** Tag node: at least one tag to add or remove. */
export function tagProblem(addTagId: unknown, removeTagId: unknown): Problem {
  return addTagId || removeTagId ? null : 'v.tagOne';
}

/** Content block elements (§3): message and interval carry value; media carry the stored file. */
export type ElementType = 'message' | 'interval' | 'img' | 'audio' | 'video' | 'pdf';
export interface ContentElement {
  number: string;
  type: ElementType;
  value: string | number;
  original?: string;
  caption?: string;
  record?: boolean;
}
export const INTERVAL_MAX = 120;
export function contentBlockProblem(elements: (ContentElement & { file?: unknown })[]): Problem {
  if (!elements.length) return 'v.contentEmpty';
  for (const e of elements) {
    if (e.type === 'message' && !String(e.value).trim()) return 'v.emptyMessage';
    if (e.type === 'interval') {
      const s = Number(e.value);
      if (!Number.isFinite(s) || s <= 0 || s > INTERVAL_MAX) return 'v.intervalRange';
    }
    if ((e.type === 'img' || e.type === 'audio' || e.type === 'video' || e.type === 'pdf') && !e.value && !e.file) return 'v.emptyCards';
  }
  return null;
}

/** Media rules of the content block (§5, §9): type and size per kind of card. */
export const MEDIA_RULES = {
  img: { max: 2 * 1024 * 1024, types: ['image/png', 'image/jpeg'], exts: ['.png', '.jpg', '.jpeg'], tooBig: 'v.tooBig2' },
  audio: { max: 5 * 1024 * 1024, types: ['audio/ogg', 'audio/mpeg', 'audio/mp3', 'audio/opus'], exts: ['.ogg', '.mp3', '.opus'], tooBig: 'v.tooBig5' },
  video: { max: 20 * 1024 * 1024, types: ['video/mp4'], exts: ['.mp4'], tooBig: 'v.tooBig20' },
  pdf: { max: 10 * 1024 * 1024, types: ['application/pdf'], exts: ['.pdf'], tooBig: 'v.tooBig10' },
} as const;
export type MediaKind = keyof typeof MEDIA_RULES;
export function mediaProblem(kind: MediaKind, file: { name: string; type: string; size: number }): Problem {
  const rule = MEDIA_RULES[kind];
  const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  if (!(rule.types as readonly string[]).includes(file.type) && !(rule.exts as readonly string[]).includes(ext)) return `v.type_${kind}`;
  if (file.size > rule.max) return rule.tooBig;
  return null;
}

const blank = (v: unknown) => typeof v !== 'string' || !v.trim();

/** Typebot step: name 2 to 50 and required; URL and slug required. */
export function typebotProblem(d: { name?: string; urlN8N?: string; typebotSlug?: string }): Problem {
  const name = flowNameProblem(d.name);
  if (name) return name;
  if (blank(d.urlN8N)) return 'v.urlRequired';
  if (blank(d.typebotSlug)) return 'v.slugRequired';
  return null;
}

/** OpenAI step: name and response instructions required. */
export function openaiProblem(d: { name?: string; aiInstructions?: string }): Problem {
  if (blank(d.name)) return 'v.nameRequired';
  if (blank(d.aiInstructions)) return 'v.instructionsRequired';
  return null;
}

/** Question step: message and answerKey required (the key is a {{name}} token: letters, digits, _). */
export function questionProblem(d: { message?: string; answerKey?: string }): Problem {
  if (blank(d.message)) return 'v.messageRequired';
  if (blank(d.answerKey)) return 'v.answerKeyRequired';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(d.answerKey!.trim())) return 'v.answerKeyFormat';
  return null;
}

/** Notification step: connection, target number with country code, message. */
export function notificationProblem(d: { connectionId?: unknown; targetNumber?: string; message?: string }): Problem {
  if (!d.connectionId) return 'v.connectionRequired';
  if (blank(d.targetNumber)) return 'v.targetRequired';
  // A country code and a national number: 10 to 15 digits after an optional '+'.
  if (!/^\+?\d{10,15}$/.test(d.targetNumber!.replace(/[\s()-]/g, ''))) return 'v.targetCountryCode';
  if (blank(d.message)) return 'v.notificationMessageRequired';
  return null;
}

/** Menu: a message and at least one option, none blank. */
export function menuProblem(d: { message?: string; arrayOption?: { number: number; value: string }[] }): Problem {
  if (blank(d.message)) return 'v.messageRequired';
  const opts = d.arrayOption ?? [];
  if (!opts.length) return 'v.optionsRequired';
  if (opts.some((o) => blank(o.value))) return 'v.optionBlank';
  return null;
}

export function randomizerProblem(percent: unknown): Problem {
  const p = Number(percent);
  return Number.isInteger(p) && p >= 0 && p <= 100 ? null : 'v.percentRange';
}

export function conditionProblem(d: { key?: string; condition?: unknown; value?: string }): Problem {
  if (blank(d.key)) return 'v.keyRequired';
  if (!d.condition) return 'v.conditionRequired';
  if (blank(d.value)) return 'v.valueRequired';
  return null;
}

/** Google Sheets step: the four messages of §5, in that order. */
export function googleSheetsProblem(d: { integrationId?: unknown; spreadsheetUrl?: string; selectedSheet?: string; fields?: (string | undefined)[] }): Problem {
  if (!d.integrationId) return 'v.sheetsIntegration';
  if (!spreadsheetIdOf(d.spreadsheetUrl ?? '')) return 'v.sheetsUrl';
  if (blank(d.selectedSheet)) return 'v.sheetsSheet';
  if (!(d.fields ?? []).some((f) => !blank(f))) return 'v.sheetsField';
  return null;
}

/** The spreadsheet id of a URL: /spreadsheets/d/{id}, /spreadsheets/u/{n}/d/{id} or id=; text without a slash is the id (§5). */
export function spreadsheetIdOf(input: string): string | null {
  const v = input.trim();
  if (!v) return null;
  const m = /\/spreadsheets\/(?:u\/\d+\/)?d\/([A-Za-z0-9_-]+)/.exec(v) ?? /[?&#]id=([A-Za-z0-9_-]+)/.exec(v);
  if (m) return m[1];
  return v.includes('/') ? null : v;
}
