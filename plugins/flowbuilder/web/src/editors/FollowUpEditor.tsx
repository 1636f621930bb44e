import { useState } from 'react';
import { Button, Card, Checkbox, Flex, Input, InputNumber, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useT } from '@atende/sdk-web';
import { randomId, type NodeData } from '../graph.js';
import { FOLLOW_UP_MAX_MINUTES, followUpProblem, mediaProblem, type FollowUpContent, type FollowUpTime, type MediaKind, type Problem } from '../validation.js';
import { compressImage, uploadContent } from './media.js';
import type { FlowNodeEditorProps as BodyProps, FlowNodeFinishContext as FinishContext } from '@atende/sdk-web';

type DraftContent = FollowUpContent & { file?: File };
type DraftTime = Omit<FollowUpTime, 'content'> & { content: DraftContent[] };

const timesOf = (d: NodeData) => (Array.isArray(d.intervalTimes) ? (d.intervalTimes as DraftTime[]) : []);
const KIND: Partial<Record<FollowUpContent['type'], MediaKind>> = { image: 'img', audio: 'audio', video: 'video' };

export const followUpDefaults = (): NodeData => ({ intervalTimes: [{ id: randomId(12), minutes: 60, content: [{ type: 'text', id: randomId(12), value: '' }] }], sec: 60 });
export const followUpCheck = (d: NodeData): Problem => followUpProblem(timesOf(d));

/** Uploads the picked files, then answers {intervalTimes, sec} with sec the first entry's minutes (§3). */
export async function finishFollowUp(d: NodeData, ctx: FinishContext): Promise<NodeData> {
  const times = timesOf(d);
  const pending = times.flatMap((time) => time.content.filter((c) => c.file));
  const files: File[] = [];
  for (const c of pending) {
    if (c.type === 'image') {
      try {
        files.push(await compressImage(c.file!, 0.7));
      } catch {
        throw new Error('editor.compressError');
      }
    } else files.push(c.file!);
  }
  const stored = files.length ? await uploadContent(files, ctx.progress) : [];
  const byId = new Map(pending.map((c, i) => [c.id, stored[i]]));
  const intervalTimes = times.map((time) => ({
    id: time.id,
    minutes: Number(time.minutes),
    content: time.content.map(({ file: _file, preview: _preview, ...c }) => {
      const s = byId.get(c.id);
      const withMedia = s ? { ...c, mediaUrl: s.url, fileName: s.originalName || c.fileName } : c;
      return c.type === 'interval' ? { ...withMedia, value: Number(c.value) } : withMedia;
    }),
  }));
  return { intervalTimes, sec: intervalTimes[0]?.minutes };
}

/** Follow-up (Seguimiento): wait times in minutes, each with its messages; the 'Respuesta' output when the contact answers. */
export function FollowUpBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  const times = timesOf(value);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const put = (list: DraftTime[]) => set({ intervalTimes: list, sec: list[0]?.minutes });
  const patchTime = (i: number, p: Partial<DraftTime>) => put(times.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const patchContent = (i: number, k: number, p: Partial<DraftContent>) => patchTime(i, { content: times[i].content.map((c, j) => (j === k ? { ...c, ...p } : c)) });
  const addContent = (i: number, type: FollowUpContent['type']) => patchTime(i, { content: [...times[i].content, { type, id: randomId(12), value: type === 'interval' ? 5 : '' }] });
  const labels: Record<FollowUpContent['type'], string> = {
    text: t('editor.addText'),
    image: t('editor.addImage'),
    audio: t('editor.addAudio'),
    video: t('editor.addVideo'),
    interval: t('editor.addPause'),
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {times.map((time, i) => (
        <Card
          key={time.id}
          size="small"
          data-testid={`followup-time-${i}`}
          title={
            <InputNumber
              min={1}
              max={FOLLOW_UP_MAX_MINUTES}
              addonBefore={t('editor.followUpTime')}
              value={time.minutes}
              onChange={(v) => patchTime(i, { minutes: v ?? 0 })}
              data-testid={`followup-minutes-${i}`}
            />
          }
          extra={<Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('editor.remove')} disabled={times.length === 1} onClick={() => put(times.filter((_, j) => j !== i))} />}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            {time.content.map((c, k) => (
              <Flex key={c.id} gap={8} align="start">
                <Typography.Text type="secondary" style={{ width: 64, flexShrink: 0 }}>
                  {labels[c.type]}
                </Typography.Text>
                <div style={{ flex: 1 }}>
                  {c.type === 'text' && <Input.TextArea rows={2} value={String(c.value ?? '')} onChange={(e) => patchContent(i, k, { value: e.target.value })} data-testid={`followup-text-${i}-${k}`} />}
                  {c.type === 'interval' && (
                    <InputNumber min={1} max={60} addonBefore={t('editor.pauseSeconds')} value={Number(c.value)} onChange={(v) => patchContent(i, k, { value: v ?? 0 })} />
                  )}
                  {KIND[c.type] && (
                    <Flex vertical gap={4}>
                      <Flex gap={8} align="center">
                        <Upload
                          accept={c.type === 'image' ? '.png,.jpg,.jpeg' : c.type === 'audio' ? '.ogg,.mp3,.opus' : '.mp4'}
                          showUploadList={false}
                          beforeUpload={(f) => {
                            const p = mediaProblem(KIND[c.type]!, f);
                            setProblems((old) => ({ ...old, [c.id]: p ? t(p) : '' }));
                            if (!p) patchContent(i, k, { file: f, fileName: f.name, value: f.name });
                            return Upload.LIST_IGNORE;
                          }}
                        >
                          <Button size="small" icon={<UploadOutlined />}>
                            {t('editor.pick')}
                          </Button>
                        </Upload>
                        <Typography.Text>{c.fileName ?? ''}</Typography.Text>
                      </Flex>
                      {problems[c.id] && <Typography.Text type="danger">{problems[c.id]}</Typography.Text>}
                      {c.type !== 'audio' ? (
                        <Input size="small" placeholder={t('editor.caption')} value={c.caption ?? ''} onChange={(e) => patchContent(i, k, { caption: e.target.value })} />
                      ) : (
                        <Checkbox checked={!!c.record} onChange={(e) => patchContent(i, k, { record: e.target.checked })}>
                          {t('editor.record')}
                        </Checkbox>
                      )}
                    </Flex>
                  )}
                </div>
                <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('editor.remove')} onClick={() => patchTime(i, { content: time.content.filter((_, j) => j !== k) })} />
              </Flex>
            ))}
            <Flex gap={8} wrap>
              {(Object.keys(labels) as FollowUpContent['type'][]).map((type) => (
                <Button key={type} size="small" onClick={() => addContent(i, type)}>
                  + {labels[type]}
                </Button>
              ))}
            </Flex>
          </Space>
        </Card>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => put([...times, { id: randomId(12), minutes: 60, content: [] }])} data-testid="followup-add-time">
        {t('editor.addTime')}
      </Button>
    </Space>
  );
}
