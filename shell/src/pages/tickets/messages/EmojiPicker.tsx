import { useState } from 'react';
import { Button, Popover, Tooltip } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { useT } from '@atende/sdk-web';

/** A small built-in set of everyday emoji (no picker package: the shell stays small). */
export const COMMON_EMOJI = [
  '😀', '😁', '😂', '🤣', '😊', '😇', '🙂', '😉', '😍', '😘', '😎', '🤔',
  '😐', '😅', '😢', '😭', '😡', '😱', '🥳', '😴', '🤝', '🙏', '👍', '👎',
  '👏', '🙌', '👋', '💪', '👀', '✅', '❌', '⚠️', '❤️', '💙', '💚', '🔥',
  '⭐', '🎉', '🎁', '📦', '📞', '📅', '⏰', '💰', '📍', '📎', '✍️', '😷',
];

/** Emoji button with a popover grid; picking one hands it to the input (which inserts it at the caret). */
export function EmojiPicker({ disabled, onPick }: { disabled?: boolean; onPick: (emoji: string) => void }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const grid = (
    <div data-testid="emoji-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 32px)', gap: 2 }}>
      {COMMON_EMOJI.map((e) => (
        <Button
          key={e}
          type="text"
          size="small"
          data-testid="emoji-option"
          style={{ fontSize: 18, width: 32, height: 32, padding: 0 }}
          onClick={() => {
            onPick(e);
            setOpen(false);
          }}
        >
          {e}
        </Button>
      ))}
    </div>
  );
  return (
    <Popover content={grid} trigger="click" open={open && !disabled} onOpenChange={setOpen} placement="topLeft">
      <Tooltip title={t('messages.emoji')}>
        <Button type="text" icon={<SmileOutlined />} disabled={disabled} aria-label={t('messages.emoji')} data-testid="emoji-button" />
      </Tooltip>
    </Popover>
  );
}
