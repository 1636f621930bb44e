import { useEffect, useState, type ComponentType } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input, InputNumber, Modal, Progress, Radio, Select, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ApiError, call, useT } from '@atende/sdk-web';
import { CONNECTION_ENDPOINTS, QUEUE_ENDPOINTS, TAG_ENDPOINTS, USER_ENDPOINTS } from '@atende/core-contract';
import type { NodeType } from '@atende/plugin-flowbuilder-contract';
import { CONDITION_OPERATORS } from '@atende/plugin-flowbuilder-contract';
import { keyOptions, randomId, settleOptions, type NodeData } from '../graph.js';
import {
  conditionProblem,
  menuProblem,
  mediaProblem,
  notificationProblem,
  openaiProblem,
  questionProblem,
  randomizerProblem,
  tagProblem,
  typebotProblem,
  type MediaKind,
  type Problem,
} from '../validation.js';
import { ContentBlockBody, finishContentBlock, contentBlockDefaults, contentBlockCheck } from './ContentBlockEditor.js';
import { FollowUpBody, finishFollowUp, followUpCheck, followUpDefaults } from './FollowUpEditor.js';
import { GoogleSheetsBody, googleSheetsCheck, googleSheetsDefaults, finishGoogleSheets } from './GoogleSheetsEditor.js';
import { compressImage, uploadContent, uploadOne } from './media.js';
import { rememberVariable, storedVariables } from './variables.js';

/** What an editor body gets: the draft and a setter of some of its fields. */
export interface BodyProps {
  value: NodeData;
  set: (patch: NodeData) => void;
}
export interface FinishContext {
  /** 0..1 while files upload. */
  progress: (fraction: number) => void;
}
interface EditorSpec {
  defaults: () => NodeData;
  Body: ComponentType<BodyProps>;
  /** The key of the message that blocks saving (§5), or null. */
  check: (d: NodeData) => Problem;
  /** Uploads what the draft holds and answers the data to save. */
  finish?: (d: NodeData, ctx: FinishContext) => Promise<NodeData>;
  /** Configurar/Actualizar instead of Agregar/Guardar (integration-style steps). */
  configure?: boolean;
  wide?: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** The {{name}} tokens the question steps saved, under a text field (nothing when there are none). */
function useVariablesHint() {
  const { t } = useT('flowbuilder');
  const list = storedVariables();
  if (!list.length) return undefined;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('editor.variablesHint', { list: list.map((v) => `{{${v}}}`).join(', '), interpolation: { escapeValue: false } })}
    </Typography.Text>
  );
}

function MessageBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  const hint = useVariablesHint();
  return (
    <Form.Item label={t('editor.message')} extra={hint}>
      <Input.TextArea rows={5} value={str(value.label)} onChange={(e) => set({ label: e.target.value })} data-testid="editor-message" autoFocus />
    </Form.Item>
  );
}

function IntervalBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  return (
    <Form.Item label={t('editor.seconds')}>
      <InputNumber min={1} value={value.sec as number} onChange={(v) => set({ sec: v ?? undefined, label: v ? `${v}s` : '' })} style={{ width: '100%' }} data-testid="editor-seconds" />
    </Form.Item>
  );
}

interface Option {
  number: number;
  value: string;
  _key?: string;
}
function OptionsList({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  const options = (value.arrayOption as Option[] | undefined) ?? [];
  const renumber = (list: Option[]) => list.map((o, i) => ({ ...o, number: i + 1 }));
  return (
    <Form.Item label={t('editor.option')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {options.map((o, i) => (
          <Flex key={o._key ?? i} gap={8} align="center">
            <Typography.Text strong style={{ minWidth: 24, whiteSpace: 'nowrap' }}>
              {o.number}.
            </Typography.Text>
            <Input value={o.value} onChange={(e) => set({ arrayOption: options.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })} data-testid={`editor-option-${i}`} />
            <Button icon={<DeleteOutlined />} aria-label={t('editor.remove')} onClick={() => set({ arrayOption: renumber(options.filter((_, j) => j !== i)) })} />
          </Flex>
        ))}
        <Button icon={<PlusOutlined />} onClick={() => set({ arrayOption: renumber([...options, { number: 0, value: '', _key: randomId(8) }]) })} data-testid="editor-add-option">
          {t('editor.addOption')}
        </Button>
      </Space>
    </Form.Item>
  );
}

function MenuBody(props: BodyProps) {
  const { t } = useT('flowbuilder');
  const hint = useVariablesHint();
  const { value, set } = props;
  return (
    <>
      <Form.Item label={t('editor.message')} extra={hint}>
        <Input.TextArea rows={3} value={str(value.message)} onChange={(e) => set({ message: e.target.value })} data-testid="editor-menu-message" autoFocus />
      </Form.Item>
      <OptionsList {...props} />
      <Checkbox checked={value.includeOptions !== false} onChange={(e) => set({ includeOptions: e.target.checked })}>
        {t('editor.includeOptions')}
      </Checkbox>
    </>
  );
}

function RandomizerBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  return (
    <Form.Item label={t('editor.percent')}>
      <InputNumber min={0} max={100} precision={0} addonAfter="%" value={value.percent as number} onChange={(v) => set({ percent: v ?? undefined })} data-testid="editor-percent" />
    </Form.Item>
  );
}

function ConditionBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  return (
    <>
      <Form.Item label={t('editor.variable')}>
        <Input value={str(value.key)} onChange={(e) => set({ key: e.target.value })} data-testid="editor-condition-key" />
      </Form.Item>
      <Form.Item label={t('editor.operator')}>
        <Select value={value.condition as string} onChange={(v) => set({ condition: v })} options={CONDITION_OPERATORS.map((o) => ({ value: o, label: o }))} />
      </Form.Item>
      <Form.Item label={t('editor.value')}>
        <Input value={str(value.value)} onChange={(e) => set({ value: e.target.value })} data-testid="editor-condition-value" />
      </Form.Item>
    </>
  );
}

/** Options loaded once per dialog for the selects (tags, queues, users, connections). */
function useOptions<T>(load: () => Promise<T[]>, map: (x: T) => { value: number; label: string }) {
  const [options, setOptions] = useState<{ value: number; label: string }[] | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (list) => live && setOptions(list.map(map)),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return options;
}

function TicketBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  const queues = useOptions(() => call(QUEUE_ENDPOINTS.names), (q) => ({ value: q.id, label: q.name }));
  const users = useOptions(() => call(USER_ENDPOINTS.names), (u) => ({ value: u.id, label: u.name }));
  return (
    <>
      <Form.Item label={t('editor.queue')}>
        <Select
          loading={!queues}
          options={queues ?? []}
          value={value.queueId as number | undefined}
          onChange={(v, o) => set({ queueId: v, name: (o as { label: string }).label })}
          data-testid="editor-queue"
        />
      </Form.Item>
      <Form.Item label={t('editor.user')}>
        <Select allowClear loading={!users} options={users ?? []} value={(value.userId as number | null) ?? undefined} onChange={(v) => set({ userId: v ?? null })} />
      </Form.Item>
    </>
  );
}

/** '+added / -removed' (§3). */
export function tagName(add: string | undefined, remove: string | undefined): string {
  return [add ? `+${add}` : '', remove ? `-${remove}` : ''].filter(Boolean).join(' / ');
}

function TagsBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  const tags = useOptions(() => call(TAG_ENDPOINTS.list), (tag) => ({ value: tag.id, label: tag.name }));
  const label = (id: unknown) => tags?.find((o) => o.value === id)?.label;
  const change = (patch: { addTagId?: number | null; removeTagId?: number | null }) => {
    const next = { addTagId: value.addTagId as number | null, removeTagId: value.removeTagId as number | null, ...patch };
    set({ ...next, name: tagName(label(next.addTagId), label(next.removeTagId)) });
  };
  return (
    <>
      <Form.Item label={t('editor.addTag')}>
        <Select allowClear placeholder={t('editor.none')} loading={!tags} options={tags ?? []} value={(value.addTagId as number | null) ?? undefined} onChange={(v) => change({ addTagId: v ?? null })} data-testid="editor-add-tag" />
      </Form.Item>
      <Form.Item label={t('editor.removeTag')}>
        <Select allowClear placeholder={t('editor.none')} loading={!tags} options={tags ?? []} value={(value.removeTagId as number | null) ?? undefined} onChange={(v) => change({ removeTagId: v ?? null })} data-testid="editor-remove-tag" />
      </Form.Item>
    </>
  );
}

function QuestionBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  const hint = useVariablesHint();
  return (
    <>
      <Form.Item label={t('editor.message')} extra={hint}>
        <Input.TextArea rows={3} value={str(value.message)} onChange={(e) => set({ message: e.target.value })} data-testid="editor-question-message" autoFocus />
      </Form.Item>
      <Form.Item label={t('editor.answerKey')}>
        <Input prefix="{{" suffix="}}" value={str(value.answerKey)} onChange={(e) => set({ answerKey: e.target.value })} data-testid="editor-answer-key" />
      </Form.Item>
    </>
  );
}

function NotificationBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  const connections = useOptions(() => call(CONNECTION_ENDPOINTS.list), (c) => ({ value: c.id, label: c.status === 'CONNECTED' ? `${c.name} (online)` : c.name }));
  return (
    <>
      <Form.Item label={t('editor.connection')}>
        <Select loading={!connections} options={connections ?? []} value={value.connectionId as number | undefined} onChange={(v) => set({ connectionId: v })} data-testid="editor-connection" />
      </Form.Item>
      <Form.Item label={t('editor.targetNumber')}>
        <Input value={str(value.targetNumber)} placeholder="5511999999999" onChange={(e) => set({ targetNumber: e.target.value })} data-testid="editor-target" />
      </Form.Item>
      <Form.Item label={t('editor.notificationMessage')} extra={t('editor.userNumberHint', { userNumber: '{{userNumber}}', interpolation: { escapeValue: false } })}>
        <Input.TextArea rows={4} value={str(value.message)} onChange={(e) => set({ message: e.target.value })} data-testid="editor-notification-message" />
      </Form.Item>
    </>
  );
}

function TypebotBody({ value, set }: BodyProps) {
  const { t } = useT('flowbuilder');
  const text = (key: string, label: string, testId?: string) => (
    <Form.Item label={label} required={['name', 'urlN8N', 'typebotSlug'].includes(key)}>
      <Input value={str(value[key])} onChange={(e) => set({ [key]: e.target.value })} data-testid={testId} />
    </Form.Item>
  );
  return (
    <>
      {text('name', t('editor.name'), 'editor-typebot-name')}
      {text('urlN8N', t('editor.url'), 'editor-typebot-url')}
      {text('typebotSlug', t('editor.slug'), 'editor-typebot-slug')}
      <Flex gap={8}>
        <Form.Item label={t('editor.typebotDelay')} style={{ flex: 1 }}>
          <InputNumber min={0} max={60000} value={value.typebotDelayMessage as number} onChange={(v) => set({ typebotDelayMessage: v ?? 1000 })} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('editor.typebotExpires')} style={{ flex: 1 }}>
          <InputNumber min={0} value={value.typebotExpires as number} onChange={(v) => set({ typebotExpires: v ?? 1 })} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      {text('typebotKeywordFinish', t('editor.keywordFinish'))}
      {text('typebotKeywordRestart', t('editor.keywordRestart'))}
      {text('typebotRestartMessage', t('editor.restartMessage'))}
      {text('typebotUnknownMessage', t('editor.unknownMessage'))}
    </>
  );
}

function OpenaiBody(props: BodyProps) {
  const { t } = useT('flowbuilder');
  const { value, set } = props;
  const queues = useOptions(() => call(QUEUE_ENDPOINTS.names), (q) => ({ value: q.id, label: q.name }));
  const audio = str(value.voice) !== '' && value.voice !== 'texto';
  return (
    <>
      <Form.Item label={t('editor.name')} required>
        <Input value={str(value.name)} onChange={(e) => set({ name: e.target.value })} data-testid="editor-openai-name" />
      </Form.Item>
      <Form.Item label={t('editor.instructions')} required>
        <Input.TextArea rows={4} value={str(value.aiInstructions)} onChange={(e) => set({ aiInstructions: e.target.value })} data-testid="editor-openai-instructions" />
      </Form.Item>
      <Form.Item label={t('editor.context')}>
        <Input.TextArea rows={3} value={str(value.contextInfo)} onChange={(e) => set({ contextInfo: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('editor.voice')}>
        <Radio.Group value={audio ? 'audio' : 'texto'} onChange={(e) => set({ voice: e.target.value === 'audio' ? 'alloy' : 'texto' })}>
          <Radio value="texto">{t('editor.voiceText')}</Radio>
          <Radio value="audio">{t('editor.voiceAudio')}</Radio>
        </Radio.Group>
      </Form.Item>
      {audio && (
        <>
          <Form.Item label={t('editor.voiceKey')}>
            <Input value={str(value.voiceKey)} onChange={(e) => set({ voiceKey: e.target.value })} />
          </Form.Item>
          <Form.Item label={t('editor.voiceRegion')}>
            <Input value={str(value.voiceRegion)} onChange={(e) => set({ voiceRegion: e.target.value })} />
          </Form.Item>
        </>
      )}
      <Flex gap={8}>
        <Form.Item label={t('editor.maxTokens')} style={{ flex: 1 }}>
          <InputNumber min={1} value={value.maxTokens as number} onChange={(v) => set({ maxTokens: v ?? 100 })} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('editor.temperature')} style={{ flex: 1 }}>
          <InputNumber min={0} max={1} step={0.1} value={value.temperature as number} onChange={(v) => set({ temperature: v ?? 1 })} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('editor.maxMessages')} style={{ flex: 1 }}>
          <InputNumber min={1} value={value.maxMessages as number} onChange={(v) => set({ maxMessages: v ?? 10 })} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item label={t('editor.queue')}>
        <Select allowClear loading={!queues} options={queues ?? []} value={(value.queueId as number | null) ?? undefined} onChange={(v) => set({ queueId: v ?? null })} />
      </Form.Item>
      <OptionsList {...props} />
      <Checkbox checked={value.respondWhenNone !== false} onChange={(e) => set({ respondWhenNone: e.target.checked })}>
        {t('editor.respondWhenNone')}
      </Checkbox>
    </>
  );
}

/** A single media step (img, audio, video, pdf): one file, checked by type and size (§5). */
function mediaBody(kind: MediaKind) {
  return function MediaBody({ value, set }: BodyProps) {
    const { t } = useT('flowbuilder');
    const [problem, setProblem] = useState<string | null>(null);
    const file = value.file as File | undefined;
    return (
      <>
        <Upload
          accept={kind === 'img' ? '.png,.jpg,.jpeg' : kind === 'audio' ? '.ogg,.mp3,.opus' : kind === 'video' ? '.mp4' : '.pdf'}
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

const mediaCheck = (d: NodeData): Problem => (d.url || d.file ? null : 'v.fileRequired');
function finishMedia(kind: MediaKind) {
  return async (d: NodeData, ctx: FinishContext): Promise<NodeData> => {
    const { file, ...rest } = d as NodeData & { file?: File };
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

const blank = (v: unknown) => typeof v !== 'string' || !v.trim();

/** Every node type's editor (§2 "Every step editor has create and edit modes"). */
export const EDITORS: Record<Exclude<NodeType, 'start'>, EditorSpec> = {
  message: { defaults: () => ({ label: '' }), Body: MessageBody, check: (d) => (blank(d.label) ? 'v.emptyMessage' : null) },
  menu: {
    defaults: () => ({ message: '', arrayOption: [{ number: 1, value: '' }], includeOptions: true }),
    Body: MenuBody,
    check: (d) => menuProblem(d as never),
  },
  interval: { defaults: () => ({ label: '', sec: 5 }), Body: IntervalBody, check: (d) => (Number(d.sec) > 0 ? null : 'v.secondsRange') },
  img: { defaults: () => ({ url: '' }), Body: mediaBody('img'), check: mediaCheck, finish: finishMedia('img') },
  audio: { defaults: () => ({ url: '', record: true }), Body: mediaBody('audio'), check: mediaCheck, finish: finishMedia('audio') },
  video: { defaults: () => ({ url: '', record: false }), Body: mediaBody('video'), check: mediaCheck, finish: finishMedia('video') },
  pdf: { defaults: () => ({ url: '' }), Body: mediaBody('pdf'), check: mediaCheck, finish: finishMedia('pdf') },
  randomizer: { defaults: () => ({ percent: 50 }), Body: RandomizerBody, check: (d) => randomizerProblem(d.percent) },
  singleBlock: { defaults: contentBlockDefaults, Body: ContentBlockBody, check: contentBlockCheck, finish: finishContentBlock, wide: true },
  ticket: { defaults: () => ({}), Body: TicketBody, check: (d) => (d.queueId ? null : 'v.queueRequired') },
  tags: { defaults: () => ({ addTagId: null, removeTagId: null, name: '' }), Body: TagsBody, check: (d) => tagProblem(d.addTagId, d.removeTagId) },
  typebot: {
    defaults: () => ({ name: '', urlN8N: '', typebotSlug: '', typebotDelayMessage: 1000, typebotExpires: 1 }),
    Body: TypebotBody,
    check: (d) => typebotProblem(d as never),
    configure: true,
  },
  openai: {
    defaults: () => ({ name: '', aiInstructions: '', contextInfo: '', voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10, respondWhenNone: true, arrayOption: [] }),
    Body: OpenaiBody,
    check: (d) => openaiProblem(d as never) ?? (((d.arrayOption as Option[] | undefined) ?? []).some((o) => blank(o.value)) ? 'v.optionBlank' : null),
    // prompt is built from the instructions and the context (§3).
    finish: async (d) => ({ ...d, prompt: [str(d.aiInstructions).trim(), str(d.contextInfo).trim()].filter(Boolean).join('\n\n') }),
    configure: true,
    wide: true,
  },
  question: {
    defaults: () => ({ message: '', answerKey: '' }),
    Body: QuestionBody,
    check: (d) => questionProblem(d as never),
    finish: async (d) => {
      rememberVariable(str(d.answerKey).trim());
      return { ...d, answerKey: str(d.answerKey).trim() };
    },
  },
  notification: { defaults: () => ({ connectionId: undefined, targetNumber: '', message: '' }), Body: NotificationBody, check: (d) => notificationProblem(d as never) },
  condition: { defaults: () => ({ key: '', condition: '==', value: '' }), Body: ConditionBody, check: (d) => conditionProblem(d as never) },
  googlesheets: { defaults: googleSheetsDefaults, Body: GoogleSheetsBody, check: googleSheetsCheck, finish: finishGoogleSheets, configure: true, wide: true },
  followUp: { defaults: followUpDefaults, Body: FollowUpBody, check: followUpCheck, finish: finishFollowUp, wide: true },
};

export interface NodeEditorProps {
  type: Exclude<NodeType, 'start'>;
  /** The node's data in edit mode; absent in create mode. */
  initial?: NodeData;
  /** The step's data, and where the outputs of renumbered or removed options went (`a<old>` → `a<new>` or null). */
  onSubmit: (data: NodeData, handles: Record<string, string | null>) => void;
  onClose: () => void;
}

/** The editor dialog of a step: create mode (Agregar) or edit mode (Guardar), §2. */
export function NodeEditor({ type, initial, onSubmit, onClose }: NodeEditorProps) {
  const { t } = useT('flowbuilder');
  const spec = EDITORS[type];
  const [draft, setDraft] = useState<NodeData>(() => keyOptions(structuredClone(initial ?? spec.defaults())));
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const editing = !!initial;
  const typeName = t(`types.${type}`);

  const submit = async () => {
    const p = spec.check(draft);
    if (p) return setProblem(t(p));
    setProblem(null);
    try {
      setProgress(0);
      const settled = settleOptions(draft, initial);
      const data = spec.finish ? await spec.finish(settled.data, { progress: setProgress }) : settled.data;
      onSubmit(data, settled.handles);
    } catch (err) {
      setProgress(null);
      if (err instanceof Error && err.message.startsWith('editor.')) return setProblem(t(err.message));
      if (type === 'singleBlock') return setProblem(t('editor.contentError') + (err instanceof ApiError || err instanceof Error ? err.message : ''));
      setProblem(t('uploadError'));
    }
  };

  const ok = spec.configure ? (editing ? t('editor.reconfigure') : t('editor.configure')) : editing ? t('editor.update') : t('editor.create');
  const uploading = progress !== null;
  return (
    <Modal
      open
      title={editing ? t('editor.editTitle', { type: typeName }) : t('editor.createTitle', { type: typeName })}
      onCancel={uploading ? undefined : onClose}
      closable={!uploading}
      maskClosable={false}
      width={spec.wide ? 720 : 520}
      onOk={() => void submit()}
      okText={ok}
      cancelText={t('cancel')}
      okButtonProps={{ loading: uploading, 'data-testid': 'editor-ok' } as never}
      cancelButtonProps={{ disabled: uploading }}
      destroyOnHidden
    >
      <div data-testid={`editor-body-${type}`}>
        {uploading && type === 'singleBlock' ? (
          <Flex vertical align="center" gap={12} style={{ padding: 24 }} data-testid="editor-uploading">
            <Typography.Text>{t('editor.uploading')}</Typography.Text>
            <Progress percent={Math.round((progress ?? 0) * 100)} />
          </Flex>
        ) : (
          <Form layout="vertical" component="div">
            <spec.Body value={draft} set={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
          </Form>
        )}
        {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} data-testid="editor-error" />}
      </div>
    </Modal>
  );
}
