import { useEffect, useState } from 'react';
import { Form, Select } from 'antd';
import { call, useT } from '@atende/sdk-web';
import { INTEGRATION_ENDPOINTS } from '@atende/plugin-integrations-contract';

/**
 * The connection's or queue's integration: the form's `integrationId` (the kernel's binding field this plugin
 * answers for; the server checks the integration is the company's). Cleared, it sends null and the binding goes.
 */
export function IntegrationSelectField({ testId, current }: { testId: string; current: number | null | undefined }) {
  const { t } = useT('integrations');
  const [options, setOptions] = useState<{ value: number; label: string }[] | null>(null);
  useEffect(() => {
    call(INTEGRATION_ENDPOINTS.page, { query: { searchParam: '', pageNumber: 1 } as never }).then(
      (r) => setOptions(r.queueIntegrations.map((i) => ({ value: i.id, label: `${i.name} (${i.type})` }))),
      () => setOptions([]),
    );
  }, []);
  return (
    // initialValue: the modal resets its form after its widgets mount, and a reset returns each field to it.
    <Form.Item name="integrationId" label={t('bind.label')} extra={t('bind.hint')} initialValue={current ?? undefined} normalize={(v: number | undefined) => v ?? null}>
      <Select allowClear showSearch optionFilterProp="label" loading={options === null} options={options ?? []} placeholder={t('bind.none')} data-testid={testId} />
    </Form.Item>
  );
}
