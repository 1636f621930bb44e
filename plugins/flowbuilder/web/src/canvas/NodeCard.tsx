import { createContext, memo, useContext } from 'react';
import { Button, Dropdown, Flex, Typography, theme } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useT } from '@atende/sdk-web';
import { START_ID, colorOf, outputsOf, type FlowNode, type NodeData } from '../graph.js';

/** What a card asks of the canvas (kept out of node data, which is what gets saved). */
export interface CanvasActions {
  edit: (id: string) => void;
  duplicate: (id: string) => void;
  remove: (id: string) => void;
  /** Names for ids a card shows (the transfer step's queue). */
  names: { queues: Map<number, string> };
  readOnly: boolean;
}
export const CanvasContext = createContext<CanvasActions | null>(null);

const cut = (s: unknown, n = 60) => {
  const v = typeof s === 'string' ? s : s === undefined || s === null ? '' : String(s);
  return v.length > n ? `${v.slice(0, n)}…` : v;
};

/** One line describing a node's data on its card. */
function Summary({ type, data }: { type: string; data: NodeData }) {
  const { t } = useT('flowbuilder');
  const actions = useContext(CanvasContext);
  const line = (text: string, testId?: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={testId}>
      {text}
    </Typography.Text>
  );
  switch (type) {
    case 'start':
      return line(t('card.startLabel'));
    case 'message':
      return line(cut(data.label));
    case 'menu':
      return line(cut(data.message));
    case 'interval':
      return line(t('card.seconds', { count: Number(data.sec ?? 0) }));
    case 'img':
    case 'audio':
    case 'video':
    case 'pdf':
      return line(cut(data.original ?? String(data.url ?? '').split('/').pop(), 40));
    case 'randomizer':
      return line(`${Number(data.percent ?? 0)}% / ${100 - Number(data.percent ?? 0)}%`);
    case 'singleBlock': {
      const elements = Array.isArray(data.elements) ? (data.elements as { type: string; value: unknown }[]) : [];
      const first = elements.find((e) => e.type === 'message');
      return line([t('card.elements', { count: elements.length }), first ? cut(first.value, 40) : ''].filter(Boolean).join('\n'));
    }
    case 'ticket':
      return line([actions?.names.queues.get(Number(data.queueId)) ?? t('card.queue', { id: data.queueId }), cut(data.message, 40)].filter(Boolean).join('\n'));
    case 'tags':
      return line(cut(data.name));
    case 'typebot':
    case 'openai':
    case 'fileList':
      return line(cut(data.name));
    case 'question':
      return line(`${cut(data.message, 50)}\n{{${String(data.answerKey ?? '')}}}`);
    case 'notification':
      return line(`${String(data.targetNumber ?? '')}\n${cut(data.message, 40)}`);
    case 'condition':
      // The operator in words, as the editor names it ('area contiene ventas').
      return line(`${String(data.key ?? '')} ${data.condition ? t(`editor.op.${String(data.condition)}`) : ''} ${String(data.value ?? '')}`);
    case 'googlesheets':
      if (data.lastError) return line(t('card.error', { error: cut(data.lastError, 60) }));
      return line(data.integrationId && data.spreadsheetId ? t('card.configured') : t('card.pending'));
    case 'followUp': {
      const times = Array.isArray(data.intervalTimes) ? (data.intervalTimes as { minutes: number }[]) : [];
      return line(times.map((x) => t('card.minutes', { count: x.minutes })).join(' → '));
    }
    default:
      return null;
  }
}

/** The label shown beside an output handle. */
function outputLabel(t: (k: string) => string, type: string, id: string | null, label?: string) {
  if (type === 'condition') return id === 'true' ? t('card.yes') : t('card.no');
  if (type === 'googlesheets') return id === 'success' ? t('card.success') : t('card.failure');
  if (type === 'followUp') return id ? t('card.answer') : '';
  if (type === 'openai' && id === null) return t('card.other');
  return label ?? '';
}

/** A node on the canvas: a coloured header with its type, a summary, its handles and its own menu. */
export const NodeCard = memo(function NodeCard({ id, type, data, selected }: NodeProps<FlowNode>) {
  const { t } = useT('flowbuilder');
  const { token } = theme.useToken();
  const actions = useContext(CanvasContext);
  const color = (token as unknown as Record<string, string>)[colorOf(type)] ?? token.colorPrimary;
  const outputs = outputsOf(type, data);
  const isStart = id === START_ID;
  const labelled = outputs.length > 1 || outputs.some((o) => o.label);
  const handleStyle = { background: color, width: 10, height: 10, border: `2px solid ${token.colorBgContainer}` };

  return (
    <div
      data-testid={`flow-node-${type}`}
      data-node-id={id}
      style={{
        minWidth: 200,
        maxWidth: 260,
        background: token.colorBgContainer,
        border: `${selected ? 2 : 1}px solid ${selected ? token.colorPrimary : token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: selected ? token.boxShadow : token.boxShadowTertiary,
        color: token.colorText,
      }}
    >
      {!isStart && <Handle type="target" position={Position.Left} style={handleStyle} />}
      <Flex align="center" justify="space-between" style={{ background: color, color: token.colorWhite, padding: '4px 8px', borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0` }}>
        <Typography.Text strong style={{ color: token.colorWhite, fontSize: 13 }}>
          {t(`types.${type}`)}
        </Typography.Text>
        {!isStart && actions && !actions.readOnly && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'edit', icon: <EditOutlined />, label: t('edit'), onClick: () => actions.edit(id), 'data-testid': 'node-action-edit' } as never,
                { key: 'duplicate', icon: <CopyOutlined />, label: t('duplicate'), onClick: () => actions.duplicate(id), 'data-testid': 'node-action-duplicate' } as never,
                { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('delete'), onClick: () => actions.remove(id), 'data-testid': 'node-action-delete' } as never,
              ],
            }}
          >
            <Button size="small" type="text" className="nodrag" icon={<MoreOutlined style={{ color: token.colorWhite }} />} aria-label={t('nodeMenu')} data-testid="node-menu" />
          </Dropdown>
        )}
      </Flex>
      <div style={{ padding: '6px 8px' }}>
        <Summary type={type} data={data} />
      </div>
      {labelled ? (
        <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}` }}>
          {outputs.map((o) => (
            <div key={o.id ?? 'default'} style={{ position: 'relative', padding: '3px 16px 3px 8px', textAlign: 'right', fontSize: 12, color: token.colorTextSecondary }}>
              {cut(outputLabel(t, type, o.id, o.label), 30) || '·'}
              <Handle type="source" position={Position.Right} id={o.id ?? undefined} style={handleStyle} />
            </div>
          ))}
        </div>
      ) : (
        <Handle type="source" position={Position.Right} style={handleStyle} />
      )}
    </div>
  );
});
