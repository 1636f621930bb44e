import { memo, type DragEvent } from 'react';
import { Button, Card, Flex, Tag, Typography, theme } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useT } from '@atende/sdk-web';
import { KANBAN_TEXT_MAX, type KanbanCard as Card_ } from '@atende/plugin-kanban-contract';
import { cut } from './board.js';

/** Every card has this height (virtualised lanes need fixed rows); the gap is part of it. */
export const CARD_HEIGHT = 148;
export const CARD_GAP = 8;

export const KanbanCard = memo(function KanbanCard({ card, onDragStart }: { card: Card_; onDragStart: (e: DragEvent, card: Card_) => void }) {
  const { t } = useT('kanban');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <Card
      size="small"
      draggable
      onDragStart={(e) => onDragStart(e, card)}
      data-testid={`kanban-card-${card.id}`}
      style={{ height: CARD_HEIGHT - CARD_GAP, overflow: 'hidden', cursor: 'grab', borderColor: token.colorBorderSecondary }}
      styles={{ body: { padding: 10 } }}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong ellipsis style={{ flex: 1 }} title={card.contact.name}>
          {card.contact.name}
        </Typography.Text>
        <Button size="small" type="primary" ghost onClick={() => navigate(`/tickets/${card.uuid}`)} data-testid={`kanban-open-${card.id}`}>
          {t('open')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {card.contact.number}
      </Typography.Text>
      <Typography.Paragraph style={{ margin: '4px 0', minHeight: 22 }} ellipsis={{ rows: 1 }} title={card.lastMessage}>
        {cut(card.lastMessage, KANBAN_TEXT_MAX) || <Typography.Text type="secondary">—</Typography.Text>}
      </Typography.Paragraph>
      <Flex gap={4} style={{ overflow: 'hidden', height: 24 }}>
        {card.tags.map((tag) => (
          <Tag key={tag.id} color={tag.color} style={{ marginInlineEnd: 0 }}>
            {tag.name}
          </Tag>
        ))}
      </Flex>
    </Card>
  );
});
