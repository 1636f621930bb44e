import { Card, Flex, Radio, Tag, Typography, theme } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useT } from '@atende/sdk-web';
import type { PlanCard } from '@atende/plugin-billing-contract';
import { NS, money } from './common.js';

/** Plan cards of the checkout (name, S/ per month, users, connections, queues; the current one marked). */
export function PlanCards({ plans, currentId, value, onChange }: { plans: PlanCard[]; currentId: number | null; value: number | null; onChange: (id: number) => void }) {
  const { t } = useT(NS);
  const { token } = theme.useToken();
  return (
    <Radio.Group value={value} onChange={(e) => onChange(e.target.value as number)} style={{ width: '100%' }}>
      <Flex wrap gap={12}>
        {plans.map((p) => (
          <Card
            key={p.id}
            size="small"
            hoverable
            onClick={() => onChange(p.id)}
            style={{ width: 200, maxWidth: '100%', cursor: 'pointer', ...(value === p.id ? { borderColor: token.colorPrimary } : {}) }}
            data-testid={`plan-card-${p.id}`}
          >
            <Flex vertical gap={4}>
              <Radio value={p.id}>
                <Typography.Text strong style={{ wordBreak: 'break-word' }} data-testid={`plan-name-${p.id}`}>
                  {p.name}
                </Typography.Text>
              </Radio>
              {/* On its own line: beside the name it squeezed long plan names. */}
              {currentId === p.id && (
                <Tag icon={<CheckCircleFilled />} color="blue" style={{ alignSelf: 'flex-start' }} data-testid={`plan-current-${p.id}`}>
                  {t('checkout.current')}
                </Tag>
              )}
              <Typography.Title level={4} style={{ margin: 0 }}>
                {money(p.value)}
                <Typography.Text type="secondary">{t('checkout.perMonth')}</Typography.Text>
              </Typography.Title>
              <Typography.Text type="secondary">{t('checkout.users', { n: p.users })}</Typography.Text>
              <Typography.Text type="secondary">{t('checkout.connections', { n: p.connections })}</Typography.Text>
              <Typography.Text type="secondary">{t('checkout.queues', { n: p.queues })}</Typography.Text>
            </Flex>
          </Card>
        ))}
      </Flex>
    </Radio.Group>
  );
}
