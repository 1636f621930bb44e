import { memo, type DragEvent, type KeyboardEvent } from 'react';
import { Button, Card, Dropdown, Flex, Tag, Typography, theme } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useT, WhatsAppPreview } from '@atende/sdk-web';
import { KANBAN_TEXT_MAX, type KanbanCard as Card_ } from '@atende/plugin-kanban-contract';
import { cut, laneKey, type LaneId } from './board.js';

/** Every card has this height (virtualised lanes need fixed rows); the gap is part of it. */
export const CARD_HEIGHT = 148;
export const CARD_GAP = 8;

/** A lane a card can be sent to from its "Move to…" menu. */
export interface MoveTarget {
  id: LaneId;
  title: string;
}

interface Props {
  card: Card_;
  onDragStart: (e: DragEvent, card: Card_) => void;
  /** Lanes other than the card's own, in board order (the menu and the keyboard use them). */
  targets: MoveTarget[];
  onMove: (ticketId: number, to: LaneId) => void;
  /** Arrow keys: the lane `step` places left (-1) or right (+1) of the card's. */
  onStep: (ticketId: number, step: -1 | 1) => void;
}

export const KanbanCard = memo(function KanbanCard({ card, onDragStart, targets, onMove, onStep }: Props) {
  const { t } = useT('kanban');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  // Mouse drag is not the only way: a focused card moves with ← / → (keyboard users, screen readers).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      onStep(card.id, e.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  return (
    <Card
      size="small"
      draggable
      tabIndex={0}
      role="group"
      aria-label={`${card.contact.name} — ${t('keyboardHint')}`}
      onKeyDown={onKeyDown}
      onDragStart={(e) => onDragStart(e, card)}
      data-testid={`kanban-card-${card.id}`}
      style={{ height: CARD_HEIGHT - CARD_GAP, overflow: 'hidden', cursor: 'grab', borderColor: token.colorBorderSecondary }}
      styles={{ body: { padding: 10 } }}
    >
      <Flex justify="space-between" align="center" gap={4}>
        <Typography.Text strong ellipsis style={{ flex: 1 }} title={card.contact.name}>
          {card.contact.name}
        </Typography.Text>
        {/* Touch screens have no drag and drop: the menu moves the card in one tap. */}
        <Dropdown
          trigger={['click']}
          menu={{
            items: targets.map((l) => ({ key: laneKey(l.id), label: l.title, 'data-testid': `kanban-move-${card.id}-${laneKey(l.id)}` })),
            onClick: ({ key }) => onMove(card.id, key === 'none' ? null : Number(key)),
          }}
        >
          <Button size="small" icon={<SwapOutlined />} aria-label={t('moveTo')} title={t('moveTo')} data-testid={`kanban-move-${card.id}`} />
        </Dropdown>
        <Button size="small" type="primary" ghost onClick={() => navigate(`/tickets/${card.uuid}`)} data-testid={`kanban-open-${card.id}`}>
          {t('open')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {card.contact.number}
      </Typography.Text>
      <Typography.Paragraph style={{ margin: '4px 0', minHeight: 22 }} ellipsis={{ rows: 1 }} title={card.lastMessage}>
        {card.lastMessage ? <WhatsAppPreview text={cut(card.lastMessage, KANBAN_TEXT_MAX)} /> : <Typography.Text type="secondary">—</Typography.Text>}
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
