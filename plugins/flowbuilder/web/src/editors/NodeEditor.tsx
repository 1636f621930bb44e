import { Suspense, useState } from 'react';
import { Alert, Flex, Form, Modal, Progress, Spin, Typography } from 'antd';
import { flowNodeEditorOf, useT, type FlowNodeData, type FlowNodeEditor } from '@atende/sdk-web';
import { keyOptions, settleOptions, type NodeData } from '../graph.js';
import { registerBuiltinEditors } from '../nodes/index.js';

export interface NodeEditorProps {
  /** A node type with a registered editor (the flow builder's own or another plugin's). */
  type: string;
  /** The node's data in edit mode; absent in create mode. */
  initial?: NodeData;
  /** The step's data, and where the outputs of renumbered or removed options went (`a<old>` → `a<new>` or null). */
  onSubmit: (data: NodeData, handles: Record<string, string | null>) => void;
  onClose: () => void;
}

/** The editor registered for a type (the built-ins registered first if nobody did yet). */
export function editorOf(type: string): FlowNodeEditor | undefined {
  registerBuiltinEditors();
  return flowNodeEditorOf(type);
}

/**
 * The editor dialog of a step: create mode (Agregar) or edit mode (Guardar), §2. What the dialog holds
 * comes from the node type's registered editor (the `flowbuilder.node-editors` extension point).
 */
export function NodeEditor({ type, initial, onSubmit, onClose }: NodeEditorProps) {
  const spec = editorOf(type);
  const { t } = useT(spec?.namespace ?? 'flowbuilder');
  const [draft, setDraft] = useState<FlowNodeData>(() => keyOptions(structuredClone(initial ?? spec?.defaults() ?? {})));
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const editing = !!initial;
  const typeName = spec ? t(spec.title) : type;

  const submit = async () => {
    if (!spec) return onClose();
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
      // An editor names what failed by a text key of its namespace (and may add what the server said).
      const key = err instanceof Error ? err.message : '';
      const detail = (err as { detail?: unknown } | null)?.detail;
      if (key.startsWith('editor.')) return setProblem(t(key) + (typeof detail === 'string' ? detail : ''));
      setProblem(t('flowbuilder:uploadError'));
    }
  };

  const ok = spec?.configure ? (editing ? t('flowbuilder:editor.reconfigure') : t('flowbuilder:editor.configure')) : editing ? t('flowbuilder:editor.update') : t('flowbuilder:editor.create');
  const uploading = progress !== null;
  return (
    <Modal
      open
      title={editing ? t('flowbuilder:editor.editTitle', { type: typeName }) : t('flowbuilder:editor.createTitle', { type: typeName })}
      onCancel={uploading ? undefined : onClose}
      closable={!uploading}
      maskClosable={false}
      width={spec?.wide ? 720 : 520}
      onOk={() => void submit()}
      okText={ok}
      cancelText={t('flowbuilder:cancel')}
      okButtonProps={{ loading: uploading, disabled: !spec, 'data-testid': 'editor-ok' } as never}
      cancelButtonProps={{ disabled: uploading }}
      destroyOnHidden
    >
      <div data-testid={`editor-body-${type}`}>
        {!spec ? (
          <Alert type="warning" showIcon title={t('flowbuilder:editor.noEditor', { type })} data-testid="editor-missing" />
        ) : uploading && progress > 0 ? (
          <Flex vertical align="center" gap={12} style={{ padding: 24 }} data-testid="editor-uploading">
            <Typography.Text>{t('flowbuilder:editor.uploading')}</Typography.Text>
            <Progress percent={Math.round(progress * 100)} />
          </Flex>
        ) : (
          <Form layout="vertical" component="div">
            {/* A plugin's editor may be lazy (React.lazy): it shows once loaded. */}
            <Suspense fallback={<Spin />}>
              <spec.Body value={draft} set={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
            </Suspense>
          </Form>
        )}
        {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} data-testid="editor-error" />}
      </div>
    </Modal>
  );
}
