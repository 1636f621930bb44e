import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Flex, Input, List, Typography } from 'antd';
import { call, useCan, useErrorToast, useT } from '@atende/sdk-web';
import { AI_ENDPOINTS, AI_PERMISSIONS, type Item } from '@atende/plugin-ai-contract';

export default function AiPage() {
  const { t } = useT('ai');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const canWrite = useCan('ai:write', AI_PERMISSIONS);
  const [items, setItems] = useState<Item[] | null>(null);
  const [title, setTitle] = useState('');

  useEffect(() => {
    call(AI_ENDPOINTS.list).then(setItems, showError);
  }, []);

  const add = async () => {
    try {
      const item = await call(AI_ENDPOINTS.create, { body: { title } });
      setItems((list) => [item, ...(list ?? [])]);
      setTitle('');
      void message.success(t('saved'));
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Card data-testid="ai-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      {canWrite && (
        <Flex gap={8} style={{ marginBottom: 16 }}>
          <Input value={title} placeholder={t('placeholder')} onChange={(e) => setTitle(e.target.value)} onPressEnter={add} />
          <Button type="primary" onClick={add} disabled={title.trim().length < 2}>
            {t('add')}
          </Button>
        </Flex>
      )}
      <List loading={!items} dataSource={items ?? []} locale={{ emptyText: <Empty description={t('empty')} /> }} renderItem={(i) => <List.Item>{i.title}</List.Item>} />
    </Card>
  );
}
