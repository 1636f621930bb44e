import { describe, expect, it } from 'vitest';
import type { NodeExecutionContext } from '@atende/plugin-flowbuilder-contract';
import type { FileList } from '@atende/plugin-files-contract';
import { FileListFlowStep } from './flow-step.js';
import type { FilesService } from './files.service.js';

const list: FileList = {
  id: 7,
  name: 'Catálogo',
  message: 'Hola {{name}}, el catálogo',
  userId: 1,
  options: [
    { id: 1, name: 'Precios', path: '/api/media/a.pdf', mediaType: 'application/pdf', fileName: 'precios.pdf' },
    { id: 2, name: 'Sin archivo', path: null, mediaType: null, fileName: null },
    { id: 3, name: 'Foto', path: '/api/media/b.png', mediaType: 'image/png', fileName: null },
  ],
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
};

/** The executor against a fake of the list's company read, recording what it asks. */
function run(found: FileList | null, fileListId = 7) {
  const asked: [number, number][] = [];
  const files = { showFor: async (companyId: number, id: number) => (asked.push([companyId, id]), found) } as unknown as FilesService;
  const sent: unknown[] = [];
  const logs: string[] = [];
  const ctx = {
    companyId: 3,
    node: { id: 'f', type: 'fileList', position: { x: 0, y: 0 }, data: { fileListId } },
    render: (t: string) => t.replace('{{name}}', 'Ana'),
    send: (m: unknown) => sent.push(m),
    log: (m: string) => logs.push(m),
  } as unknown as NodeExecutionContext;
  return new FileListFlowStep(files).execute(ctx).then((result) => ({ result, sent, logs, asked }));
}

describe('the file-list flow step (issue 38 item 11)', () => {
  it('sends the rendered message, then each file with its option name, by the run’s company, and goes on', async () => {
    const { result, sent, asked } = await run(list);
    expect(asked).toEqual([[3, 7]]);
    expect(sent).toEqual([
      { body: 'Hola Ana, el catálogo' },
      { body: 'Precios', media: { url: '/api/media/a.pdf', name: 'precios.pdf' } },
      { body: 'Foto', media: { url: '/api/media/b.png', name: 'Foto' } },
    ]);
    expect(result).toEqual({ kind: 'next' });
  });

  it('a list the company does not have (deleted, or another company’s) sends nothing, is logged, and the flow goes on', async () => {
    const { result, sent, logs } = await run(null, 99);
    expect(sent).toEqual([]);
    expect(logs).toEqual(['file list 99 not found: nothing sent']);
    expect(result).toEqual({ kind: 'next' });
  });
});
