import { Alert, Button, Card, Col, Empty, Flex, Form, Row, Skeleton, Typography, theme } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import type { Plan } from '@atende/core-contract';
import { formatPrice, useT } from '@atende/sdk-web';

interface Props {
  /** null while loading. */
  plans: Plan[] | null;
  failed: boolean;
  onRetry: () => void;
  value?: number;
  onChange?: (id: number) => void;
}

/** Plan cards (commercial-admin §2): name, price S/ per month, users, connections, queues. A form control. */
export function PlanPicker({ plans, failed, onRetry, value, onChange }: Props) {
  const { t } = useT();
  const { token } = theme.useToken();
  const invalid = Form.Item.useStatus().status === 'error';
  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('signup.plansError')}
        action={
          <Button size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!plans) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!plans.length) return <Empty description={t('signup.noPlans')} />;
  return (
    <Row gutter={[12, 12]} role="radiogroup" aria-label={t('signup.plan')} data-testid="signup-plan">
      {plans.map((p) => {
        const selected = p.id === value;
        return (
          <Col key={p.id} xs={24} sm={12}>
            <Card
              size="small"
              hoverable
              role="radio"
              aria-checked={selected}
              tabIndex={0}
              data-testid={`signup-plan-${p.id}`}
              onClick={() => onChange?.(p.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onChange?.(p.id);
                }
              }}
              style={{
                cursor: 'pointer',
                borderColor: selected ? token.colorPrimary : invalid ? token.colorError : undefined,
                boxShadow: selected ? `0 0 0 1px ${token.colorPrimary}` : undefined,
              }}
            >
              <Flex justify="space-between" align="start" gap={8}>
                <Typography.Text strong>{p.name}</Typography.Text>
                {selected && <CheckCircleFilled style={{ color: token.colorPrimary }} />}
              </Flex>
              <Typography.Title level={4} style={{ margin: '4px 0' }}>
                {t('plans.perMonth', { price: formatPrice(p.value) })}
              </Typography.Title>
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {t('plans.usersN', { n: p.users })} · {t('plans.connectionsN', { n: p.connections })} · {t('plans.queuesN', { n: p.queues })}
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
