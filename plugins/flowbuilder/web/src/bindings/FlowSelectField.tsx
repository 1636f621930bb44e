import { Form, Select } from 'antd';
import { useT } from '@atende/sdk-web';
import { loadFlows, useChoices } from '../options.js';

/**
 * The connection's or queue's flow: the form's `bindings.flowId` (the binding field this plugin declares; the
 * spec's `integrationId` belongs to the integrations plugin; the server checks the flow is the company's). Cleared, it sends null and the binding is removed.
 */
export function FlowSelectField({ testId, current }: { testId: string; current: number | null | undefined }) {
  const { t } = useT('flowbuilder');
  const flows = useChoices(loadFlows);
  return (
    // initialValue, not a value set on mount: the modal resets its form after its widgets mount, and a reset
    // returns each field to its initialValue (the zone remounts the widget per connection or queue).
    <Form.Item
      name={['bindings', 'flowId']}
      label={t('bindings.flow')}
      extra={t('bindings.flowHint')}
      initialValue={current ?? undefined}
      normalize={(v: number | undefined) => v ?? null}
    >
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        loading={flows === null}
        options={flows ?? []}
        placeholder={t('bindings.noFlow')}
        notFoundContent={t('bindings.noFlows')}
        data-testid={testId}
      />
    </Form.Item>
  );
}
