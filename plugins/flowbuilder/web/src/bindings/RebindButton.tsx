import { useState } from 'react';
import { App, Button, Modal, Select, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { CONNECTION_ENDPOINTS } from '@atende/core-contract';
import { call, useErrorToast, useT, type ZoneWidgetProps } from '@atende/sdk-web';
import { loadFlows, useChoices } from '../options.js';

/**
 * REVINCULAR (core-operations §2): binds every connection of the company to the chosen flow, one partial
 * update per connection through the kernel's API (which checks the flow and the user's right to edit
 * connections). Stops at the first refusal and says how many were bound.
 */
export default function RebindButton({ context }: ZoneWidgetProps<'connections.page.actions'>) {
  const { t } = useT('flowbuilder');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)} disabled={!context.connections.length} data-testid="connections-rebind">
        {t('bindings.rebind')}
      </Button>
      {open && (
        <RebindDialog
          count={context.connections.length}
          onClose={() => setOpen(false)}
          onBind={async (flowId) => {
            let done = 0;
            try {
              for (const c of context.connections) {
                await call(CONNECTION_ENDPOINTS.update, { params: { id: c.id }, body: { bindings: { flowId } } });
                done++;
              }
              void message.success(t('bindings.rebound', { count: done }));
              setOpen(false);
            } catch (err) {
              showError(err);
              if (done) void message.warning(t('bindings.partly', { n: done, total: context.connections.length }));
            }
          }}
        />
      )}
    </>
  );
}

function RebindDialog({ count, onClose, onBind }: { count: number; onClose: () => void; onBind: (flowId: number) => Promise<void> }) {
  const { t } = useT('flowbuilder');
  const flows = useChoices(loadFlows);
  const [flowId, setFlowId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open
      title={t('bindings.rebindTitle')}
      okText={t('bindings.rebindOk')}
      cancelText={t('bindings.cancel')}
      okButtonProps={{ disabled: flowId === null, loading: saving, 'data-testid': 'connections-rebind-ok' } as never}
      onCancel={onClose}
      onOk={async () => {
        if (flowId === null) return;
        setSaving(true);
        try {
          await onBind(flowId);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Typography.Paragraph>{t('bindings.rebindText', { count })}</Typography.Paragraph>
      <Select
        style={{ width: '100%' }}
        showSearch
        optionFilterProp="label"
        loading={flows === null}
        options={flows ?? []}
        value={flowId ?? undefined}
        onChange={(v: number) => setFlowId(v)}
        placeholder={t('bindings.chooseFlow')}
        notFoundContent={t('bindings.noFlows')}
        data-testid="connections-rebind-flow"
      />
    </Modal>
  );
}
