import { useEffect, useMemo, useState } from 'react';
import { App, Button, Empty, Flex, Popconfirm, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/index.js';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PLAN_ENDPOINTS, PLAN_FLAGS, type Plan } from '@atende/core-contract';
import { formatPrice, LoadError, localized, useErrorToast, useT, call } from '@atende/sdk-web';
import { usePlanFeatures } from './plan-features.js';
import { PlanModal } from './PlanModal.js';

/** Settings → Plans (super user, commercial-admin §2): list and form with limits, price and feature flags. */
export function PlansTab() {
  const { t, i18n } = useT();
  const features = usePlanFeatures();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);

  const load = () => {
    setError(null);
    call(PLAN_ENDPOINTS.all).then(setPlans, setError);
  };
  useEffect(load, []);

  const remove = async (p: Plan) => {
    try {
      await call(PLAN_ENDPOINTS.remove, { params: { id: p.id } });
      setPlans((old) => old?.filter((x) => x.id !== p.id) ?? null);
      void message.success(t('plans.deleted'));
    } catch (err) {
      showError(err); // ERR_PLAN_IN_USE while companies use it
    }
  };

  const columns: ColumnsType<Plan> = useMemo(
    () => [
      { title: t('plans.name'), dataIndex: 'name' },
      { title: t('plans.users'), dataIndex: 'users', width: 100, align: 'right' },
      { title: t('plans.connections'), dataIndex: 'connections', width: 110, align: 'right' },
      { title: t('plans.queues'), dataIndex: 'queues', width: 90, align: 'right' },
      { title: t('plans.value'), dataIndex: 'value', width: 140, align: 'right', render: (v: number) => t('plans.perMonth', { price: formatPrice(v) }) },
      {
        title: t('plans.flags'),
        key: 'flags',
        render: (_, p) => (
          <Flex wrap gap={4}>
            {!p.offered && (
              <Tag color="default" style={{ marginInlineEnd: 0 }} data-testid={`plan-not-offered-${p.id}`}>
                {t('plans.notOffered')}
              </Tag>
            )}
            {PLAN_FLAGS.filter((f) => p[f]).map((f) => (
              <Tag key={f} style={{ marginInlineEnd: 0 }}>
                {t(`planFlags.${f}`)}
              </Tag>
            ))}
            {features
              .filter((f) => p.features?.[f.key])
              .map((f) => (
                <Tag key={f.key} style={{ marginInlineEnd: 0 }} data-testid={`plan-feature-${p.id}-${f.key}`}>
                  {localized(f.label, i18n.language)}
                </Tag>
              ))}
          </Flex>
        ),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        width: 110,
        align: 'center',
        render: (_, p) => (
          <Flex gap={4} justify="center">
            <Button type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(p)} data-testid={`plan-edit-${p.name}`} />
            <Popconfirm
              title={t('plans.confirmDelete', { name: p.name })}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'plan-delete-confirm' }}
              onConfirm={() => remove(p)}
            >
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid={`plan-delete-${p.name}`} />
            </Popconfirm>
          </Flex>
        ),
      },
    ],
    [t, features, i18n.language],
  );

  if (error) {
    return <LoadError error={error} onRetry={load} />;
  }

  return (
    <Flex vertical gap={12} data-testid="plans-tab">
      <Flex justify="end">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="plans-add">
          {t('plans.add')}
        </Button>
      </Flex>
      <Table<Plan>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={plans ?? []}
        loading={!plans}
        pagination={false}
        scroll={{ x: 860 }}
        onRow={(p) => ({ 'data-testid': `plan-row-${p.name}` }) as object}
        locale={{ emptyText: plans ? <Empty description={t('plans.empty')} /> : <span /> }}
      />
      <PlanModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(p) => {
          setPlans((old) => (old?.some((x) => x.id === p.id) ? old.map((x) => (x.id === p.id ? p : x)) : [...(old ?? []), p]));
          setEditing(null);
        }}
      />
    </Flex>
  );
}
