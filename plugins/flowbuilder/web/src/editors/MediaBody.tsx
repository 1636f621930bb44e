import { useState } from 'react';
import { Button, Checkbox, Form, Input, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useT, type FlowNodeData, type FlowNodeEditor, type FlowNodeEditorProps, type FlowNodeFinishContext } from '@atende/sdk-web';
import { mediaProblem, type MediaKind } from '../validation.js';
import { compressImage, uploadContent, uploadOne } from './media.js';
import { str } from './fields.js';

const ACCEPT: Record<MediaKind, string> = { img: '.png,.jpg,.jpeg', audio: '.ogg,.mp3,.opus', video: '.mp4', pdf: '.pdf' };

/** A single media step (img, audio, video, pdf): one file, checked by type and size (§5). */
function mediaBody(kind: MediaKind) {
  return function MediaBody({ value, set }: FlowNodeEditorProps) {
    const { t } = useT('flowbuilder');
    const [problem, setProblem] = useState<string | null>(null);
    const file = value.file as File | undefined;
    return (
      <>
        <Upload
          accept={ACCEPT[kind]}
          showUploadList={false}
          beforeUpload={(f) => {
            const p = mediaProblem(kind, f);
            setProblem(p ? t(p) : null);
            if (!p) set({ file: f, original: f.name });
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="editor-pick">
            {t('editor.pick')}
          </Button>
        </Upload>
        <Typography.Paragraph style={{ marginTop: 8 }}>{file?.name ?? str(value.original)}</Typography.Paragraph>
        {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
        {(kind === 'img' || kind === 'video') && (
          <Form.Item label={t('editor.caption')}>
            <Input value={str(value.caption)} onChange={(e) => set({ caption: e.target.value })} />
          </Form.Item>
        )}
        {(kind === 'audio' || kind === 'video') && (
          <Checkbox checked={!!value.record} onChange={(e) => set({ record: e.target.checked })}>
            {t('editor.record')}
          </Checkbox>
        )}
      </>
    );
  };
}

/** Uploads the picked file (images compressed first) and keeps its url and original name. */
function finishMedia(kind: MediaKind) {
  return async (d: FlowNodeData, ctx: FlowNodeFinishContext): Promise<FlowNodeData> => {
    const { file, ...rest } = d as FlowNodeData & { file?: File };
    if (!file) return rest;
    let stored;
    if (kind === 'img') {
      let f = file;
      try {
        f = await compressImage(file, 0.7);
      } catch {
        throw new Error('editor.compressError');
      }
      stored = await uploadOne('img', f);
    } else if (kind === 'audio') stored = await uploadOne('audio', file, !!d.record);
    else [stored] = await uploadContent([file], ctx.progress);
    return { ...rest, url: stored.url, original: stored.originalName || file.name };
  };
}

/** The editor of a media step, with its defaults (the media steps differ only in their kind). */
export function mediaEditor(kind: MediaKind, defaults: FlowNodeData): FlowNodeEditor {
  return {
    type: kind,
    namespace: 'flowbuilder',
    title: `types.${kind}`,
    defaults: () => ({ ...defaults }),
    Body: mediaBody(kind),
    check: (d) => (d.url || d.file ? null : 'v.fileRequired'),
    finish: finishMedia(kind),
  };
}
