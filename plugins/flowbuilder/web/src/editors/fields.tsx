import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT, type FlowNodeEditorProps } from '@atende/sdk-web';
import { randomId } from '../graph.js';
import { storedVariables } from './variables.js';

// Pieces several step editors share (one file per step type lives in ../nodes/).

export const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
export const blank = (v: unknown) => typeof v !== 'string' || !v.trim();

/** The {{name}} tokens the question steps saved, under a text field (nothing when there are none). */
export function useVariablesHint() {
  const { t } = useT('flowbuilder');
  const list = storedVariables();
  if (!list.length) return undefined;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('editor.variablesHint', { list: list.map((v) => `{{${v}}}`).join(', '), interpolation: { escapeValue: false } })}
    </Typography.Text>
  );
}

export interface Option {
  number: number;
  value: string;
  _key?: string;
}

/** Numbered options (menu, OpenAI): each one's output handle follows it when renumbered. */
export function OptionsList({ value, set }: FlowNodeEditorProps) {
  const { t } = useT('flowbuilder');
  const options = (value.arrayOption as Option[] | undefined) ?? [];
  const renumber = (list: Option[]) => list.map((o, i) => ({ ...o, number: i + 1 }));
  return (
    <Form.Item label={t('editor.option')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {options.map((o, i) => (
          <Flex key={o._key ?? i} gap={8} align="center">
            <Typography.Text strong style={{ minWidth: 24, whiteSpace: 'nowrap' }}>
              {o.number}.
            </Typography.Text>
            <Input value={o.value} onChange={(e) => set({ arrayOption: options.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })} data-testid={`editor-option-${i}`} />
            <Button icon={<DeleteOutlined />} aria-label={t('editor.remove')} onClick={() => set({ arrayOption: renumber(options.filter((_, j) => j !== i)) })} />
          </Flex>
        ))}
        <Button icon={<PlusOutlined />} onClick={() => set({ arrayOption: renumber([...options, { number: 0, value: '', _key: randomId(8) }]) })} data-testid="editor-add-option">
          {t('editor.addOption')}
        </Button>
      </Space>
    </Form.Item>
  );
}

/** Options loaded once per dialog for the selects (tags, queues, users, connections). */
export function useOptions<T>(load: () => Promise<T[]>, map: (x: T) => { value: number; label: string }) {
  const [options, setOptions] = useState<{ value: number; label: string }[] | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (list) => live && setOptions(list.map(map)),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return options;
}
