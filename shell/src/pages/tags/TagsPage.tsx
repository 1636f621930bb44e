import { TAG_ENDPOINTS } from '@atende/core-contract';
import { useMemo, useState } from 'react';
import { App, Badge, Button, Card, Empty, Flex, Input, Popconfirm, Segmented, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table/index.js';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined, TagOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { TagDto } from '@atende/core-contract';
import { PagedScroll, PagedTable, useDebouncedValue, useErrorToast, usePagedList, useRealtime, useT, call } from '@atende/sdk-web';
import { FloatingTagPopover } from './FloatingTagPopover.js';
import { TagModal } from './TagModal.js';
import { textOn } from './tagRules.js';

/** The realtime event the tags API sends to the company room. */
export const TAG_EVENT = 'tag';
export type TagEvent = { action: 'create' | 'update'; tag: TagDto } | { action: 'delete'; tagId: number };

/** The tag's own colour as a solid background (antd's colour presets would tint it per theme instead). */
const chipStyle = (color: string) => ({ background: color, borderColor: color, color: textOn(color) });

/** A tag drawn in its own colour, with text that reads on it in either theme. */
export function TagChip({ tag }: { tag: Pick<TagDto, 'name' | 'color'> }) {
  return (
    <Tag style={{ ...chipStyle(tag.color), marginInlineEnd: 0 }}>
      {tag.name}
    </Tag>
  );
}

/**
 * Tags of the company (core-operations §2 "Other lists", §4 "Tags … toggle between display and edit"):
 * search, infinite list, a display mode (the tags as chips with their ticket counts) and an edit mode
 * (table with edit and delete), the full dialog and the floating quick-create popover, live updates.
 */
export function TagsPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const list = usePagedList(TAG_ENDPOINTS.page, 'tags', { searchParam });
  const { items, setItems } = list;
  const { token } = theme.useToken();
  const [mode, setMode] = useState<'display' | 'edit'>('display');
  const [editing, setEditing] = useState<TagDto | 'new' | null>(null);

  // Decided on the latest state: a save's answer and its own live event may arrive in the same tick.
  const upsert = (tag: TagDto, add: boolean) =>
    setItems((old) => {
      if (old.some((x) => x.id === tag.id)) return old.map((x) => (x.id === tag.id ? tag : x));
      // New tags take their alphabetical place among the loaded ones (the list is ordered by name).
      return add ? [...old, tag].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id) : old;
    });
  const removeRow = (id: number) => setItems((old) => old.filter((x) => x.id !== id));
  const matchesSearch = (tag: TagDto) => !searchParam || tag.name.toLowerCase().includes(searchParam.toLowerCase());

  useRealtime<TagEvent>(TAG_EVENT, (ev) => {
    if (ev.action === 'delete') removeRow(ev.tagId);
    else if (ev.tag) upsert(ev.tag, ev.action === 'create' && matchesSearch(ev.tag));
  });

  const remove = async (tag: TagDto) => {
    try {
      await call(TAG_ENDPOINTS.remove, { params: { id: tag.id } });
      removeRow(tag.id);
      void message.success(t('tags.deleted'));
    } catch (err) {
      showError(err);
    }
  };

  const columns: ColumnsType<TagDto> = useMemo(
    () => [
      { title: t('tags.name'), dataIndex: 'name', render: (_, tag) => <TagChip tag={tag} /> },
      {
        title: t('tags.color'),
        dataIndex: 'color',
        width: 140,
        render: (color: string) => (
          <Flex align="center" gap={8}>
            <span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: color }} />
            <Typography.Text code>{color}</Typography.Text>
          </Flex>
        ),
      },
      { title: t('tags.tickets'), dataIndex: 'ticketsCount', width: 120, align: 'center' },
      {
        title: t('tags.kanban'),
        dataIndex: 'kanban',
        width: 110,
        align: 'center',
        render: (k: number, tag) => (
          <Tag color={k === 1 ? 'processing' : 'default'} data-testid={`tag-kanban-flag-${tag.id}`}>
            {k === 1 ? t('common.yes') : t('common.no')}
          </Tag>
        ),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        width: 110,
        align: 'center',
        render: (_, tag) => (
          <Flex gap={4} justify="center">
            <Button type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(tag)} data-testid={`tag-edit-${tag.id}`} />
            <Popconfirm
              title={t('tags.confirmDelete', { name: tag.name })}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'tag-delete-confirm' }}
              onConfirm={() => remove(tag)}
            >
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid={`tag-delete-${tag.id}`} />
            </Popconfirm>
          </Flex>
        ),
      },
    ],
    [t],
  );

  const emptyText = searchParam ? t('common.noResults') : t('tags.empty');

  return (
    <Card data-testid="tags-page">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('tags.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('tags.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 240 }}
            data-testid="tags-search"
          />
          <Segmented<'display' | 'edit'>
            value={mode}
            onChange={setMode}
            options={[
              { value: 'display', icon: <EyeOutlined />, label: <span data-testid="tags-mode-display">{t('tags.modeDisplay')}</span> },
              { value: 'edit', icon: <EditOutlined />, label: <span data-testid="tags-mode-edit">{t('tags.modeEdit')}</span> },
            ]}
          />
          <FloatingTagPopover onCreated={(tag) => upsert(tag, matchesSearch(tag))}>
            <Tooltip title={t('tags.quickAdd')}>
              <Button icon={<ThunderboltOutlined />} aria-label={t('tags.quickAdd')} data-testid="tags-quick-add" />
            </Tooltip>
          </FloatingTagPopover>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="tags-add">
            {t('tags.add')}
          </Button>
        </Flex>
      </Flex>
      {mode === 'edit' ? (
        <PagedTable<TagDto>
          list={list}
          items={items}
          columns={columns}
          testId="tags"
          rowProps={(tag) => ({ 'data-testid': `tag-row-${tag.id}` })}
          emptyText={emptyText}
          minWidth={600}
        />
      ) : (
        <PagedScroll list={list} testId="tags">
          <Spin spinning={list.loading && !items.length}>
            {list.loaded && !items.length ? (
              <Empty description={emptyText} />
            ) : (
              <Flex wrap gap={12} style={{ minHeight: 80, padding: 4 }} data-testid="tags-display">
                {items.map((tag) => (
                  <Tooltip key={tag.id} title={t('tags.ticketsCount', { n: tag.ticketsCount })}>
                    <Badge count={tag.ticketsCount} showZero size="small" color={token.colorTextTertiary}>
                      <Tag
                        icon={<TagOutlined />}
                        style={{ ...chipStyle(tag.color), padding: '4px 10px', fontSize: 14, cursor: 'pointer', marginInlineEnd: 0 }}
                        onClick={() => setEditing(tag)}
                        data-testid={`tag-chip-${tag.id}`}
                      >
                        {tag.name}
                        {tag.kanban === 1 && ' · ' + t('tags.kanban')}
                      </Tag>
                    </Badge>
                  </Tooltip>
                ))}
              </Flex>
            )}
          </Spin>
        </PagedScroll>
      )}
      <TagModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(tag) => {
          upsert(tag, true);
          setEditing(null);
        }}
      />
    </Card>
  );
}
