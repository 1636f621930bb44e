import type { FileList } from '@atende/plugin-files-contract';

/**
 * What sending a file list sends, in order (the toolbar button, a quick reply, a flow step): the list's
 * message (`render` fills a flow's `{{tokens}}`), then each option that has a file, captioned with the
 * option's name. A list with nothing to send sends nothing.
 */
export function fileListSends(list: FileList, render: (text: string) => string): { body: string; media?: { url: string; name: string } }[] {
  const sends: { body: string; media?: { url: string; name: string } }[] = [];
  if (list.message.trim()) sends.push({ body: render(list.message) });
  for (const o of list.options) if (o.path) sends.push({ body: o.name, media: { url: o.path, name: o.fileName ?? o.name } });
  return sends;
}
