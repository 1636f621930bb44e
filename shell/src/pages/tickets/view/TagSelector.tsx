import { TAG_ENDPOINTS } from '@atende/core-contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Select, Tag } from 'antd';
import type { TagDto, TicketDto } from '@atende/core-contract';
import { useErrorToast, useRealtime, useT, call } from '@atende/sdk-web';
import { textOn } from '../../tags/tagRules.js';

/** The option that creates the typed tag; tag names need 3 characters (core-operations §5). */
const CREATE = -1;
const TAG_NAME_MIN = 3;

export interface TagSelectorProps {
  ticket: TicketDto;
  onChange: (ticket: TicketDto) => void;
}

/** The ticket's tags (core-operations §2 "tag selector"): each change replaces them with POST /tags/sync. */
export function TagSelector({ ticket, onChange }: TagSelectorProps) {
  const { t } = useT();
  const showError = useErrorToast();
  const errorRef = useRef(showError);
  errorRef.current = showError;
  const [tags, setTags] = useState<TagDto[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');

  const load = useCallback(() => {
    call(TAG_ENDPOINTS.list).then(
      (list) => {
        setTags(list);
        setLoaded(true);
      },
      (err: unknown) => errorRef.current(err),
    );
  }, []);
  useEffect(load, [load]);
  // Tags created, renamed or deleted elsewhere show up here too.
  useRealtime('tag', load);

  const save = async (chosen: number[]) => {
    setSaving(true);
    try {
      let ids = chosen;
      if (chosen.includes(CREATE)) {
        // A new tag typed in the box: created first (any user may), then put on the ticket with the others.
        const created = await call(TAG_ENDPOINTS.create, { body: { name: search.trim() } });
        setTags((old) => [...old.filter((tg) => tg.id !== created.id), created]);
        ids = chosen.map((id) => (id === CREATE ? created.id : id));
        setSearch('');
      }
      onChange(await call(TAG_ENDPOINTS.sync, { body: { ticketId: ticket.id, tags: ids.map((id) => ({ id })) } }));
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  // A tag of the ticket that the list does not hold (yet) still shows with its own name and colour.
  const known = new Map<number, { id: number; name: string; color: string }>(tags.map((tg) => [tg.id, tg]));
  for (const tg of ticket.tags) if (!known.has(tg.id)) known.set(tg.id, tg);
  const typed = search.trim();
  const offerCreate = loaded && typed.length >= TAG_NAME_MIN && ![...known.values()].some((tg) => tg.name.toLowerCase() === typed.toLowerCase());

  return (
    <Select
      mode="multiple"
      size="small"
      variant="borderless"
      value={ticket.tags.map((tg) => tg.id)}
      onChange={(ids: number[]) => void save(ids)}
      loading={saving || !loaded}
      disabled={saving}
      placeholder={t('ticketView.tagsPlaceholder')}
      notFoundContent={loaded ? t('ticketView.noTags') : t('common.loading')}
      showSearch={{
        searchValue: search,
        onSearch: setSearch,
        // The "create" entry always shows while typing; real tags by name.
        filterOption: (input, option) => option?.value === CREATE || String(option?.title ?? '').toLowerCase().includes(input.trim().toLowerCase()),
      }}
      options={[
        ...[...known.values()].map((tg) => ({ value: tg.id, title: tg.name, label: tg.name })),
        ...(offerCreate ? [{ value: CREATE, title: typed, label: <span data-testid="ticket-tag-create">{t('ticketView.tagCreate', { name: typed })}</span> }] : []),
      ]}
      tagRender={({ value, closable, onClose }) => {
        const tg = known.get(value as number);
        return (
          <Tag
            closable={closable}
            onClose={onClose}
            // Text that reads on the tag's own colour in either theme (antd's coloured tags always write white).
            style={tg ? { background: tg.color, borderColor: tg.color, color: textOn(tg.color), marginInlineEnd: 4 } : { marginInlineEnd: 4 }}
            data-testid={`ticket-tag-${String(value)}`}
          >
            {tg?.name ?? String(value)}
          </Tag>
        );
      }}
      style={{ width: '100%' }}
      aria-label={t('ticketView.tags')}
      data-testid="ticket-tags"
    />
  );
}
