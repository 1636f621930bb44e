import { useState } from 'react';
import { Button, Card, Checkbox, Flex, Input, InputNumber, Space, Typography, Upload } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useT } from '@atende/sdk-web';
import type { NodeData } from '../graph.js';
import { INTERVAL_MAX, contentBlockProblem, mediaProblem, type ContentElement, type ElementType, type MediaKind, type Problem } from '../validation.js';
import { compressImage, uploadContent } from './media.js';
import { storedVariables } from './variables.js';
import type { FlowNodeEditorProps as BodyProps, FlowNodeFinishContext as FinishContext } from '@atende/sdk-web';

/** An element being edited: a picked file waits here until the dialog is saved. */
export type DraftElement = ContentElement & { file?: File };

const elementsOf = (d: NodeData) => (Array.isArray(d.elements) ? (d.elements as DraftElement[]) : []);

export const contentBlockDefaults = (): NodeData => ({ seq: ['message0'], elements: [{ number: 'message0', type: 'message', value: '' }] });
export const contentBlockCheck = (d: NodeData): Problem => contentBlockProblem(elementsOf(d));

/** The next element id: its type and a number no other element of the block has (message0, interval1, img2…). */
export function nextElementId(elements: { number: string }[], type: ElementType): string {
  const used = elements.map((e) => Number(/(\d+)$/.exec(e.number)?.[1] ?? -1));
  return `${type}${Math.max(-1, ...used) + 1}`;
}

/** Moves element i up (-1) or down (+1); out of range leaves the list as it was. */
export function moveElement<T>(list: T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** Uploads the picked files in one request (images compressed at 0.6), then answers {seq, elements}. */
export async function finishContentBlock(d: NodeData, ctx: FinishContext): Promise<NodeData> {
  const elements = elementsOf(d);
  const pending = elements.filter((e) => e.file);
  const files: File[] = [];
  for (const e of pending) {
    if (e.type === 'img') {
      try {
        files.push(await compressImage(e.file!, 0.6));
      } catch {
        throw new Error('editor.compressError');
      }
    } else files.push(e.file!);
  }
  const stored = files.length ? await uploadContent(files, ctx.progress) : [];
  const byNumber = new Map(pending.map((e, i) => [e.number, stored[i]]));
  const saved = elements.map(({ file: _file, ...e }) => {
    const s = byNumber.get(e.number);
    const base = s ? { ...e, value: s.url, original: s.originalName || e.original } : e;
    return base.type === 'interval' ? { ...base, value: Number(base.value) } : base;
  });
  return { seq: saved.map((e) => e.number), elements: saved };
}

const ACCEPT: Record<MediaKind, string> = { img: '.png,.jpg,.jpeg', audio: '.ogg,.mp3,.opus', video: '.mp4', pdf: '.pdf' };

/** The content block: ordered elements (text, interval, image, audio, video, PDF) moved up or down, removed or added (§4). */
export function ContentBlockBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  const elements = elementsOf(value);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const put = (list: DraftElement[]) => set({ elements: list, seq: list.map((e) => e.number) });
  const patch = (i: number, p: Partial<DraftElement>) => put(elements.map((e, j) => (j === i ? { ...e, ...p } : e)));
  const add = (type: ElementType) => put([...elements, { number: nextElementId(elements, type), type, value: type === 'interval' ? 5 : '' }]);
  const variables = storedVariables();
  const typeLabel: Record<ElementType, string> = {
    message: t('editor.addText'),
    interval: t('editor.addInterval'),
    img: t('editor.addImage'),
    audio: t('editor.addAudio'),
    video: t('editor.addVideo'),
    pdf: t('editor.addPdf'),
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {elements.map((e, i) => (
        <Card
          key={e.number}
          size="small"
          data-testid={`block-element-${i}`}
          title={typeLabel[e.type]}
          extra={
            <Space size={0}>
              <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('editor.moveUp')} disabled={i === 0} onClick={() => put(moveElement(elements, i, -1))} data-testid={`block-up-${i}`} />
              <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('editor.moveDown')} disabled={i === elements.length - 1} onClick={() => put(moveElement(elements, i, 1))} />
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('editor.remove')} onClick={() => put(elements.filter((_, j) => j !== i))} data-testid={`block-remove-${i}`} />
            </Space>
          }
        >
          {e.type === 'message' && (
            <>
              <Input.TextArea rows={3} value={String(e.value)} onChange={(ev) => patch(i, { value: ev.target.value })} data-testid={`block-text-${i}`} />
              {variables.length > 0 && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('editor.variablesHint', { list: variables.map((v) => `{{${v}}}`).join(', ') })}
                </Typography.Text>
              )}
            </>
          )}
          {e.type === 'interval' && (
            <InputNumber min={0} max={INTERVAL_MAX} addonBefore={t('editor.intervalSeconds')} value={Number(e.value)} onChange={(v) => patch(i, { value: v ?? 0 })} data-testid={`block-interval-${i}`} />
          )}
          {(e.type === 'img' || e.type === 'audio' || e.type === 'video' || e.type === 'pdf') && (
            <Flex vertical gap={8}>
              <Flex gap={8} align="center" wrap>
                <Upload
                  accept={ACCEPT[e.type]}
                  showUploadList={false}
                  beforeUpload={(f) => {
                    const p = mediaProblem(e.type as MediaKind, f);
                    setProblems((old) => ({ ...old, [e.number]: p ? t(p) : '' }));
                    if (!p) patch(i, { file: f, original: f.name });
                    return Upload.LIST_IGNORE;
                  }}
                >
                  <Button icon={<UploadOutlined />} data-testid={`block-pick-${i}`}>
                    {t('editor.pick')}
                  </Button>
                </Upload>
                <Typography.Text>{e.file?.name ?? e.original ?? ''}</Typography.Text>
              </Flex>
              {problems[e.number] && <Typography.Text type="danger">{problems[e.number]}</Typography.Text>}
              {(e.type === 'img' || e.type === 'video') && <Input placeholder={t('editor.caption')} value={e.caption ?? ''} onChange={(ev) => patch(i, { caption: ev.target.value })} />}
              {e.type === 'audio' && (
                <Checkbox checked={!!e.record} onChange={(ev) => patch(i, { record: ev.target.checked })}>
                  {t('editor.record')}
                </Checkbox>
              )}
            </Flex>
          )}
        </Card>
      ))}
      <Flex gap={8} wrap>
        {(Object.keys(typeLabel) as ElementType[]).map((type) => (
          <Button key={type} onClick={() => add(type)} data-testid={`block-add-${type}`}>
            + {typeLabel[type]}
          </Button>
        ))}
      </Flex>
    </Space>
  );
}
