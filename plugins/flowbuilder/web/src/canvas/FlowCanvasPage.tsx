import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, FloatButton, Spin, Tooltip, Typography, theme } from 'antd';
import { ApartmentOutlined, ApiOutlined, ArrowLeftOutlined, PlayCircleOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Background, BackgroundVariant, Controls, MiniMap, ReactFlow, ReactFlowProvider, addEdge, useEdgesState, useNodesState, useReactFlow, type Connection, type NodeTypes } from '@xyflow/react';
import xyflowCss from '@xyflow/react/dist/style.css?inline';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, call, i18n, useCan, useErrorToast, useFlowNodeEditors, useT, type FlowNodeEditor } from '@atende/sdk-web';
import { FLOWBUILDER_ENDPOINTS, FLOWBUILDER_PERMISSIONS } from '@atende/plugin-flowbuilder-contract';
import { NODE_TYPES } from '@atende/plugin-flowbuilder-contract';
import { GRID, MAX_ZOOM, MIN_ZOOM, START_ID, addNode, autoLayout, colorOf, duplicateNode, fingerprint, freeOutput, fromPayload, outputsOf, placeNear, randomId, rewire, styledEdge, toPayload, type FlowEdge, type FlowNode, type NodeData } from '../graph.js';
import { NodeEditor } from '../editors/NodeEditor.js';
import { registerBuiltinEditors } from '../nodes/index.js';
import { CanvasContext, NodeCard, type CanvasActions } from './NodeCard.js';
import { useLeaveGuard } from './useLeaveGuard.js';
import { useNames } from './useNames.js';

// The flow builder's own steps register their editors like any plugin's (issue 30 item 6).
registerBuiltinEditors();

/**
 * The speed-dial (§2): Inicio, then every registered step editor that has an icon, by `order`. Pregunta,
 * Condición and Transferir are offered although §2 hides Pregunta (issue 38 item 1); TypeBot still is not.
 */
export function speedDial(editors: FlowNodeEditor[]): { type: string; icon: React.ReactNode; title: string; namespace: string }[] {
  const steps = editors.filter((e) => e.icon).sort((a, b) => (a.order ?? 1000) - (b.order ?? 1000));
  return [{ type: 'start', icon: <PlayCircleOutlined />, title: 'types.start', namespace: 'flowbuilder' }, ...steps.map((e) => ({ type: e.type, icon: e.icon, title: e.title, namespace: e.namespace }))];
}

const NODE_COMPONENTS: NodeTypes = Object.fromEntries(NODE_TYPES.map((type) => [type, NodeCard])) as NodeTypes;

/** Whether a CSS colour (#rrggbb or rgb()) is dark: the canvas then draws in xyflow's dark mode. */
function isDark(color: string): boolean {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  const rgb = hex ? [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) : (/rgba?\(([^)]+)\)/.exec(color)?.[1].split(',').slice(0, 3).map(Number) ?? [255, 255, 255]);
  return (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) / 255 < 0.5;
}

function useXyflowStyles() {
  useEffect(() => {
    if (document.getElementById('flowbuilder-xyflow-css')) return;
    const style = document.createElement('style');
    style.id = 'flowbuilder-xyflow-css';
    style.textContent = xyflowCss;
    document.head.appendChild(style);
  }, []);
}

type Editing = { mode: 'create'; type: string } | { mode: 'edit'; id: string };

function Canvas({ flowId }: { flowId: number }) {
  const { t } = useT('flowbuilder');
  const { token } = theme.useToken();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const navigate = useNavigate();
  const canWrite = useCan('flowbuilder:write', FLOWBUILDER_PERMISSIONS);
  const names = useNames();
  const [nodes, setNodes, onNodesChange] = useNodesState<FlowNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<FlowEdge>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>('loading');
  const [name, setName] = useState('');
  const [savedPrint, setSavedPrint] = useState('');
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dialOpen, setDialOpen] = useState(false);
  const dial = speedDial(useFlowNodeEditors());
  const { fitView } = useReactFlow();
  useXyflowStyles();

  const strokeOf = useCallback((type: string | undefined) => (token as unknown as Record<string, string>)[colorOf(type)] ?? token.colorPrimary, [token]);

  useEffect(() => {
    let live = true;
    setState('loading');
    call(FLOWBUILDER_ENDPOINTS.getFlow, { params: { id: flowId } }).then(
      (r) => {
        if (!live) return;
        const graph = fromPayload(r.flow.flow, strokeOf);
        setNodes(graph.nodes);
        setEdges(graph.edges);
        setSavedPrint(fingerprint(graph.nodes, graph.edges));
        setName(r.flow.name);
        setState('ready');
      },
      (err) => {
        if (!live) return;
        setState('missing');
        // §8: a load failure goes to the generic handler.
        showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [flowId]);

  const print = useMemo(() => fingerprint(nodes, edges), [nodes, edges]);
  const dirty = state === 'ready' && print !== savedPrint;
  useLeaveGuard(dirty, () =>
    new Promise((resolve) =>
      modal.confirm({
        title: t('unsavedTitle'),
        content: t('unsavedContent'),
        okText: t('leave'),
        okButtonProps: { danger: true, 'data-testid': 'leave-ok' } as never,
        cancelText: t('stay'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    ),
  );

  const onConnect = useCallback(
    (c: Connection) => {
      const sourceType = nodes.find((n) => n.id === c.source)?.type;
      setEdges((es) => addEdge(styledEdge({ ...c, id: undefined }, sourceType, strokeOf(sourceType)), es));
    },
    [nodes, strokeOf],
  );

  const remove = useCallback((id: string) => {
    if (id === START_ID) return;
    setNodes((ns) => ns.filter((n) => n.id !== id));
    setEdges((es) => es.filter((e) => e.source !== id && e.target !== id));
  }, []);

  const actions: CanvasActions = useMemo(
    () => ({
      edit: (id) => id !== START_ID && setEditing({ mode: 'edit', id }),
      duplicate: (id) => setNodes((ns) => duplicateNode(ns, id).nodes),
      remove,
      names,
      readOnly: !canWrite,
    }),
    [names, canWrite, remove],
  );

  const add = (type: string) => {
    setDialOpen(false);
    if (type === 'start') return setNodes((ns) => addNode(ns, 'start', {}).nodes);
    setEditing({ mode: 'create', type });
  };

  /**
   * A new step goes beside the selected one (or the start, in a flow that has nothing else), hangs from
   * its first free output, and becomes the selection: steps added one after another chain (issue 38 item 3).
   */
  const create = (type: string, data: NodeData) => {
    const selected = nodes.filter((n) => n.selected);
    const anchor = selected.length === 1 ? selected[0] : nodes.length === 1 ? nodes[0] : undefined;
    const output = anchor ? freeOutput(anchor, edges) : undefined;
    const id = randomId();
    const node: FlowNode = { id, type, position: placeNear(nodes, anchor, output?.index ?? 0), data, selected: true };
    setNodes((ns) => [...ns.map((n) => (n.selected ? { ...n, selected: false } : n)), node]);
    if (anchor && output) setEdges((es) => addEdge(styledEdge({ source: anchor.id, target: id, sourceHandle: output.id, targetHandle: null }, anchor.type, strokeOf(anchor.type)), es));
  };

  const arrange = () => {
    setNodes((ns) => autoLayout(ns, edges));
    // After the new positions are drawn.
    requestAnimationFrame(() => void fitView({ maxZoom: 1, duration: 200 }));
  };

  const submitEditor = (data: NodeData, handles: Record<string, string | null>) => {
    if (!editing) return;
    if (editing.mode === 'create') {
      create(editing.type, data);
    } else {
      const node = nodes.find((n) => n.id === editing.id);
      setNodes((ns) => ns.map((n) => (n.id === editing.id ? { ...n, data } : n)));
      // Connectors follow renumbered options; those leaving an output the step no longer has go.
      setEdges((es) => rewire(es, editing.id, handles, outputsOf(node?.type, data).map((o) => o.id)));
    }
    setEditing(null);
  };

  const save = async () => {
    setSaving(true);
    try {
      const payload = toPayload(flowId, nodes, edges);
      await call(FLOWBUILDER_ENDPOINTS.saveFlow, { body: payload as never });
      setSavedPrint(fingerprint(nodes, edges));
      void message.success({ content: t('saved'), duration: 3 });
    } catch (err) {
      // A step the server refuses is selected so the user sees which one.
      const detail = err instanceof ApiError && Array.isArray(err.details) ? (err.details as { path?: unknown[] }[]).find((d) => Array.isArray(d.path) && d.path[0] === 'nodes') : undefined;
      const index = typeof detail?.path?.[1] === 'number' ? detail.path[1] : -1;
      const badId = index >= 0 ? toPayload(flowId, nodes, edges).nodes[index]?.id : undefined;
      if (badId) {
        setNodes((ns) => ns.map((n) => ({ ...n, selected: n.id === badId })));
        void message.error({ content: t('invalidFlow'), duration: 3 });
      } else showError(err);
    } finally {
      setSaving(false);
    }
  };

  const editingNode = editing?.mode === 'edit' ? nodes.find((n) => n.id === editing.id) : undefined;
  const dark = isDark(token.colorBgContainer);

  if (state === 'missing') {
    return (
      <Card>
        <Empty description={t('notFound')}>
          <Button onClick={() => navigate('/flowbuilders')}>{t('back')}</Button>
        </Empty>
      </Card>
    );
  }

  return (
    <Card styles={{ body: { padding: 0 } }} data-testid="flow-canvas-page">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ padding: '8px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Flex align="center" gap={8}>
          <Link to="/flowbuilders" aria-label={t('back')}>
            <Button type="text" icon={<ArrowLeftOutlined />} data-testid="flow-back" />
          </Link>
          <ApiOutlined style={{ color: token.colorPrimary }} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="flow-name">
            {name}
          </Typography.Title>
        </Flex>
        <Flex align="center" gap={12} wrap>
          {canWrite && (
            <Tooltip title={t('arrangeHint')}>
              <Button icon={<ApartmentOutlined />} onClick={arrange} disabled={state !== 'ready'} data-testid="flow-arrange">
                {t('arrange')}
              </Button>
            </Tooltip>
          )}
          <Alert type={dirty ? 'warning' : 'info'} showIcon title={t('saveHint')} style={{ padding: '2px 12px' }} data-testid="flow-save-hint" />
          {canWrite && (
            <Button type="primary" icon={<SaveOutlined />} onClick={() => void save()} loading={saving} disabled={state !== 'ready'} data-testid="flow-save">
              {t('save')}
            </Button>
          )}
        </Flex>
      </Flex>
      <div style={{ height: 'calc(100vh - 200px)', minHeight: 420, position: 'relative' }} data-testid="flow-canvas">
        {state === 'loading' ? (
          <Flex align="center" justify="center" style={{ height: '100%' }} data-testid="flow-loading">
            <Spin tip={t('loading')} size="large">
              <div style={{ width: 120, height: 60 }} />
            </Spin>
          </Flex>
        ) : (
          <CanvasContext.Provider value={actions}>
            <ReactFlow<FlowNode, FlowEdge>
              nodes={nodes}
              edges={edges}
              nodeTypes={NODE_COMPONENTS}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              onNodeDoubleClick={(_, node) => canWrite && actions.edit(node.id)}
              onBeforeDelete={async ({ nodes: gone, edges: goneEdges }) => ({ nodes: gone.filter((n) => n.id !== START_ID), edges: goneEdges })}
              nodesDraggable={canWrite}
              nodesConnectable={canWrite}
              elementsSelectable
              deleteKeyCode={canWrite ? ['Backspace', 'Delete'] : null}
              snapToGrid
              snapGrid={[GRID, GRID]}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              defaultEdgeOptions={{ type: 'smoothstep' }}
              connectionLineStyle={{ stroke: token.colorPrimary, strokeWidth: 2 }}
              colorMode={dark ? 'dark' : 'light'}
              fitView
              fitViewOptions={{ maxZoom: 1 }}
              proOptions={{ hideAttribution: true }}
              style={{ background: token.colorBgLayout }}
            >
              <Background variant={BackgroundVariant.Dots} gap={GRID} color={token.colorBorder} />
              <MiniMap position="top-right" pannable zoomable nodeColor={(n) => strokeOf(n.type)} style={{ background: token.colorBgContainer }} data-testid="flow-minimap" />
              <Controls showInteractive={false} />
            </ReactFlow>
          </CanvasContext.Provider>
        )}
        {canWrite && state === 'ready' && (
          <FloatButton.Group trigger="click" open={dialOpen} onOpenChange={setDialOpen} type="primary" icon={<PlusOutlined />} tooltip={t('addNode')} style={{ position: 'absolute', right: 24, bottom: 24 }} data-testid="flow-speed-dial">
            {dial.map(({ type, icon, title, namespace }) => {
              const label = i18n.t(title, { ns: namespace });
              return (
                <Tooltip key={type} title={label} placement="left">
                  <FloatButton icon={icon} onClick={() => add(type)} aria-label={label} data-testid={`flow-add-${type}`} />
                </Tooltip>
              );
            })}
          </FloatButton.Group>
        )}
      </div>
      {editing && (editing.mode === 'create' || editingNode) && (
        <NodeEditor
          key={editing.mode === 'edit' ? editing.id : editing.type}
          type={editing.mode === 'create' ? editing.type : (editingNode!.type ?? 'message')}
          initial={editing.mode === 'edit' ? editingNode!.data : undefined}
          onSubmit={submitEditor}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

/** /flowbuilder/{id}: the canvas of one flow (§2 "Flow builder canvas"). */
export default function FlowCanvasPage() {
  const { id } = useParams();
  const flowId = Number(id);
  const { t } = useT('flowbuilder');
  if (!Number.isInteger(flowId) || flowId <= 0) return <Empty description={t('notFound')} />;
  return (
    <ReactFlowProvider>
      <Canvas key={flowId} flowId={flowId} />
    </ReactFlowProvider>
  );
}
