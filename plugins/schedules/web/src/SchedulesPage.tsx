import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Empty, Flex, Grid, Input, Segmented, Select, Space, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, EditOutlined, LeftOutlined, PlusOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { LoadError, PagedScroll, call, useConfirm, useDebouncedValue, useErrorToast, usePagedList, useRealtime, useT } from '@atende/sdk-web';
import { CONTACT_ENDPOINTS } from '@atende/core-contract';
import { SCHEDULE_ENDPOINTS, SCHEDULE_EVENT, type Schedule, type ScheduleEvent } from '@atende/plugin-schedules-contract';
import { ScheduleModal } from './ScheduleModal.js';
import { VIEWS, belongs, daysOf, rangeOf, sameDay, startOfDay, step, upsert, type View } from './calendar.js';

const STATUS_COLOUR = { pending: 'processing', sent: 'success', failed: 'error' } as const;
const HOUR_HEIGHT = 44;
/** Narrow icon buttons: in a month cell the contact's name needs the room. */
const ICON_BUTTON = { width: 18, minWidth: 18, height: 20, paddingInline: 0 };
/** At most this many pages (of 50) for one calendar range: 2,000 schedules on one screen is plenty. */
const MAX_PAGES = 40;

type Actions = { onEdit: (s: Schedule) => void; onDelete: (s: Schedule) => void };

/** One event: the contact's name, its time, and edit and delete icons (automation-productivity §2). */
function EventChip({ s, lang, onEdit, onDelete, showDate = false }: { s: Schedule; lang: string; showDate?: boolean } & Actions) {
  const { t } = useT('schedules');
  const { token } = theme.useToken();
  const at = new Date(s.sendAt);
  const time = at.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
  const border = s.status === 'failed' ? token.colorError : s.status === 'sent' ? token.colorSuccess : token.colorPrimary;
  return (
    <Tooltip title={s.body}>
      <Flex
        align="center"
        gap={4}
        style={{ background: token.colorFillTertiary, borderInlineStart: `3px solid ${border}`, borderRadius: token.borderRadiusSM, padding: '1px 4px', marginBottom: 2, minWidth: 0 }}
        data-testid={`schedule-event-${s.id}`}
      >
        <Typography.Text style={{ fontSize: token.fontSizeSM, flex: 1, minWidth: 0 }} ellipsis>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {showDate ? `${at.toLocaleDateString(lang)} ` : ''}
            {time}
          </Typography.Text>{' '}
          {s.contact.name}
        </Typography.Text>
        <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => onEdit(s)} style={ICON_BUTTON} data-testid="schedule-edit" />
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => onDelete(s)} style={ICON_BUTTON} data-testid="schedule-delete" />
      </Flex>
    </Tooltip>
  );
}

/**
 * An event in a phone-width month cell (~50 px): no room for icons, so the time and the contact's name
 * each get a line, and a tap opens the edit dialog (delete is in the day view, a tap on the date away).
 */
function CompactChip({ s, lang, onEdit }: { s: Schedule; lang: string } & Actions) {
  const { t } = useT('schedules');
  const { token } = theme.useToken();
  const at = new Date(s.sendAt);
  const time = at.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
  const border = s.status === 'failed' ? token.colorError : s.status === 'sent' ? token.colorSuccess : token.colorPrimary;
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={`${t('edit')}: ${time} ${s.contact.name}`}
      onClick={() => onEdit(s)}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onEdit(s)}
      style={{ background: token.colorFillTertiary, borderInlineStart: `2px solid ${border}`, borderRadius: token.borderRadiusSM, padding: '0 2px', marginBottom: 2, minWidth: 0, cursor: 'pointer', lineHeight: 1.2 }}
      data-testid={`schedule-event-${s.id}`}
    >
      <Typography.Text type="secondary" style={{ fontSize: 10, display: 'block' }} data-testid="schedule-event-time">
        {time}
      </Typography.Text>
      <Typography.Text style={{ fontSize: 11, display: 'block' }} ellipsis data-testid="schedule-event-name">
        {s.contact.name}
      </Typography.Text>
    </div>
  );
}

/** Every schedule of a range (all its pages), kept up to date by the page's live events. */
function useRange(from: Date, to: Date, searchParam: string) {
  const [items, setItems] = useState<Schedule[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  useEffect(() => {
    let stale = false;
    setLoading(true);
    setFailed(null);
    void (async () => {
      try {
        const all: Schedule[] = [];
        for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
          const page = await call(SCHEDULE_ENDPOINTS.page, { query: { searchParam, pageNumber, from: fromIso, to: toIso } });
          all.push(...page.schedules);
          if (!page.hasMore || stale) break;
        }
        if (!stale) setItems(all);
      } catch (err) {
        if (!stale) setFailed(err);
      } finally {
        if (!stale) setLoading(false);
      }
    })();
    return () => {
      stale = true;
    };
  }, [fromIso, toIso, searchParam, generation]);
  return { items, setItems, loading, failed, reload: () => setGeneration((g) => g + 1) };
}

function MonthGrid({ anchor, items, lang, onDay, ...actions }: { anchor: Date; items: Schedule[]; lang: string; onDay: (d: Date) => void } & Actions) {
  const { t } = useT('schedules');
  const { token } = theme.useToken();
  // Phone width: compact chips (time and name, no icons) and a narrower weekday header.
  const narrow = !Grid.useBreakpoint().sm;
  const days = daysOf('month', anchor);
  const today = new Date();
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', border: `1px solid ${token.colorBorderSecondary}` }} data-testid="schedules-month">
      {days.slice(0, 7).map((d) => (
        <div key={`h${d.getDay()}`} style={{ padding: 4, textAlign: 'center', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <Typography.Text type="secondary" style={narrow ? { fontSize: 11 } : undefined}>
            {d.toLocaleDateString(lang, { weekday: narrow ? 'narrow' : 'short' })}
          </Typography.Text>
        </div>
      ))}
      {days.map((d) => {
        const mine = items.filter((s) => sameDay(new Date(s.sendAt), d));
        const outside = d.getMonth() !== anchor.getMonth();
        return (
          <div key={d.toISOString()} style={{ minHeight: 96, padding: narrow ? 2 : 4, borderTop: `1px solid ${token.colorBorderSecondary}`, borderInlineStart: `1px solid ${token.colorBorderSecondary}`, opacity: outside ? 0.55 : 1, minWidth: 0 }}>
            <Button size="small" type={sameDay(d, today) ? 'primary' : 'text'} shape="circle" onClick={() => onDay(d)}>
              {d.getDate()}
            </Button>
            {mine.slice(0, 3).map((s) => (narrow ? <CompactChip key={s.id} s={s} lang={lang} {...actions} /> : <EventChip key={s.id} s={s} lang={lang} {...actions} />))}
            {mine.length > 3 && (
              <Button size="small" type="link" onClick={() => onDay(d)} style={narrow ? { paddingInline: 0, fontSize: 11 } : undefined}>
                {t('more', { count: mine.length - 3 })}
              </Button>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Day, week and work week: a column per day, an hour per row. */
function TimeGrid({ days, items, lang, ...actions }: { days: Date[]; items: Schedule[]; lang: string } & Actions) {
  const { token } = theme.useToken();
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Office hours in view first.
    if (scroller.current) scroller.current.scrollTop = 8 * HOUR_HEIGHT;
  }, []);
  const today = new Date();
  const cols = `56px repeat(${days.length}, minmax(0, 1fr))`;
  return (
    <div style={{ border: `1px solid ${token.colorBorderSecondary}` }} data-testid="schedules-timegrid">
      <div style={{ display: 'grid', gridTemplateColumns: cols, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <div />
        {days.map((d) => (
          <div key={d.toISOString()} style={{ padding: 4, textAlign: 'center' }}>
            <Typography.Text strong={sameDay(d, today)} type={sameDay(d, today) ? undefined : 'secondary'}>
              {d.toLocaleDateString(lang, { weekday: 'short', day: 'numeric', month: 'short' })}
            </Typography.Text>
          </div>
        ))}
      </div>
      <div ref={scroller} style={{ maxHeight: 'calc(100vh - 300px)', minHeight: 300, overflow: 'auto' }}>
        {Array.from({ length: 24 }, (_, hour) => (
          <div key={hour} style={{ display: 'grid', gridTemplateColumns: cols, minHeight: HOUR_HEIGHT, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, padding: '2px 4px' }}>
              {new Date(2000, 0, 1, hour).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' })}
            </Typography.Text>
            {days.map((d) => (
              <div key={d.toISOString()} style={{ padding: 2, borderInlineStart: `1px solid ${token.colorBorderSecondary}`, minWidth: 0 }}>
                {items
                  .filter((s) => {
                    const at = new Date(s.sendAt);
                    return sameDay(at, d) && at.getHours() === hour;
                  })
                  .map((s) => (
                    <EventChip key={s.id} s={s} lang={lang} {...actions} />
                  ))}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

function RangeView({ view, anchor, searchParam, lang, onDay, register, ...actions }: { view: Exclude<View, 'agenda'>; anchor: Date; searchParam: string; lang: string; onDay: (d: Date) => void; register: (apply: (e: ScheduleEvent) => void) => void } & Actions) {
  const { t } = useT('schedules');
  const range = useMemo(() => rangeOf(view, anchor), [view, anchor]);
  const list = useRange(range.from, range.to, searchParam);
  register((e) => {
    if (e.action === 'delete') list.setItems((l) => l.filter((s) => s.id !== e.scheduleId));
    else if (belongs(e.schedule, range, searchParam)) list.setItems((l) => upsert(l, e.schedule));
    else list.setItems((l) => l.filter((s) => s.id !== e.schedule.id));
  });
  if (list.failed) return <LoadError error={list.failed} onRetry={list.reload} />;
  return (
    <Spin spinning={list.loading}>
      {view === 'month' ? <MonthGrid anchor={anchor} items={list.items} lang={lang} onDay={onDay} {...actions} /> : <TimeGrid days={daysOf(view, anchor)} items={list.items} lang={lang} {...actions} />}
      {!list.loading && list.items.length === 0 && <Typography.Paragraph type="secondary" style={{ marginTop: 8, textAlign: 'center' }} data-testid="schedules-empty">{searchParam ? t('noResults') : t('empty')}</Typography.Paragraph>}
    </Spin>
  );
}

/** Agenda: upcoming schedules from the anchor day on, by day, loaded as the list scrolls. */
function AgendaView({ anchor, searchParam, lang, register, ...actions }: { anchor: Date; searchParam: string; lang: string; register: (apply: (e: ScheduleEvent) => void) => void } & Actions) {
  const { t } = useT('schedules');
  const range = useMemo(() => rangeOf('agenda', anchor), [anchor]);
  const list = usePagedList(SCHEDULE_ENDPOINTS.page, 'schedules', { searchParam, from: range.from.toISOString() });
  register((e) => {
    if (e.action === 'delete') list.setItems((l) => l.filter((s) => s.id !== e.scheduleId));
    else if (belongs(e.schedule, range, searchParam)) list.setItems((l) => upsert(l, e.schedule));
    else list.setItems((l) => l.filter((s) => s.id !== e.schedule.id));
  });
  const groups: { day: Date; items: Schedule[] }[] = [];
  for (const s of list.items) {
    const day = startOfDay(new Date(s.sendAt));
    const last = groups[groups.length - 1];
    if (last && sameDay(last.day, day)) last.items.push(s);
    else groups.push({ day, items: [s] });
  }
  if (list.loaded && list.items.length === 0) return <Empty description={searchParam ? t('noResults') : t('empty')} data-testid="schedules-empty" />;
  return (
    <Spin spinning={list.loading && !list.loaded}>
      <PagedScroll list={list} testId="schedules-agenda">
        {groups.map((g) => (
          <div key={g.day.toISOString()} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{g.day.toLocaleDateString(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</Typography.Text>
            {g.items.map((s) => (
              <Flex key={s.id} gap={8} align="center">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <EventChip s={s} lang={lang} {...actions} />
                </div>
                <Tag color={STATUS_COLOUR[s.status]}>{t(`status.${s.status}`)}</Tag>
              </Flex>
            ))}
          </div>
        ))}
      </PagedScroll>
    </Spin>
  );
}

/** /schedules: the calendar (automation-productivity §2). `?contactId=` opens a new schedule for that contact. */
export default function SchedulesPage() {
  const { t, i18n } = useT('schedules');
  const lang = i18n.language;
  const showError = useErrorToast();
  const confirm = useConfirm();
  const [view, setView] = useState<View>('month');
  const narrow = !Grid.useBreakpoint().sm;
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 500);
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [forContact, setForContact] = useState<{ id: number; name: string } | null>(null);
  const [open, setOpen] = useState(false);
  const [params, setParams] = useSearchParams();

  // The live events reach whichever view is showing.
  const applyRef = useRef<(e: ScheduleEvent) => void>(() => undefined);
  const register = useCallback((apply: (e: ScheduleEvent) => void) => {
    applyRef.current = apply;
  }, []);
  useRealtime<ScheduleEvent>(SCHEDULE_EVENT, (e) => applyRef.current(e));

  useEffect(() => {
    const raw = params.get('contactId');
    const id = Number(raw);
    if (!raw) return;
    if (!Number.isInteger(id) || id <= 0) return;
    call(CONTACT_ENDPOINTS.show, { params: { id } }).then((c) => {
      setEditing(null);
      setForContact({ id: c.id, name: c.name });
      setOpen(true);
    }, showError);
    // Opened once: a reload of the page does not open it again.
    setParams((p) => {
      p.delete('contactId');
      return p;
    }, { replace: true });
  }, [params]);

  const onEdit = (s: Schedule) => {
    setEditing(s);
    setForContact(null);
    setOpen(true);
  };
  const onDelete = async (s: Schedule) => {
    if (!(await confirm({ title: t('confirmDelete'), content: `${s.contact.name}: ${s.body}`, danger: true }))) return;
    try {
      await call(SCHEDULE_ENDPOINTS.remove, { params: { id: s.id } });
      applyRef.current({ action: 'delete', scheduleId: s.id });
    } catch (err) {
      showError(err);
    }
  };
  const actions = { onEdit, onDelete: (s: Schedule) => void onDelete(s) };

  const rawLabel =
    view === 'month'
      ? anchor.toLocaleDateString(lang, { month: 'long', year: 'numeric' })
      : view === 'day' || view === 'agenda'
        ? anchor.toLocaleDateString(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
        : (() => {
            const d = daysOf(view, anchor);
            return `${d[0]!.toLocaleDateString(lang, { day: 'numeric', month: 'short' })} – ${d[d.length - 1]!.toLocaleDateString(lang, { day: 'numeric', month: 'short', year: 'numeric' })}`;
          })();
  // "noviembre de 2026" → "Noviembre de 2026" (CSS capitalize would also raise the "de").
  const label = rawLabel.charAt(0).toUpperCase() + rawLabel.slice(1);

  return (
    <Card data-testid="schedules-page">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Input allowClear prefix={<SearchOutlined />} placeholder={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 240 }} data-testid="schedules-search" />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setForContact(null);
              setOpen(true);
            }}
            data-testid="schedules-add"
          >
            {t('add')}
          </Button>
        </Flex>
      </Flex>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Space>
          <Button icon={<LeftOutlined />} aria-label={t('previous')} onClick={() => setAnchor((a) => step(view, a, -1))} data-testid="schedules-prev" />
          <Button onClick={() => setAnchor(startOfDay(new Date()))} data-testid="schedules-today">
            {t('today')}
          </Button>
          <Button icon={<RightOutlined />} aria-label={t('next')} onClick={() => setAnchor((a) => step(view, a, 1))} data-testid="schedules-next" />
          <Typography.Text strong data-testid="schedules-label">
            {label}
          </Typography.Text>
        </Space>
        {/* Five views do not fit a phone's width as buttons: a select there. */}
        {narrow ? (
          <Select<View> value={view} onChange={setView} options={VIEWS.map((v) => ({ value: v, label: t(`views.${v}`) }))} style={{ minWidth: 150 }} aria-label={t('view')} data-testid="schedules-views" />
        ) : (
          <Segmented<View> value={view} onChange={setView} options={VIEWS.map((v) => ({ value: v, label: t(`views.${v}`) }))} data-testid="schedules-views" />
        )}
      </Flex>
      {view === 'agenda' ? (
        <AgendaView anchor={anchor} searchParam={searchParam} lang={lang} register={register} {...actions} />
      ) : (
        <RangeView
          view={view}
          anchor={anchor}
          searchParam={searchParam}
          lang={lang}
          register={register}
          onDay={(d) => {
            setAnchor(d);
            setView('day');
          }}
          {...actions}
        />
      )}
      <ScheduleModal open={open} schedule={editing} contact={forContact} onClose={() => setOpen(false)} onSaved={(s) => applyRef.current({ action: editing ? 'update' : 'create', schedule: s })} />
    </Card>
  );
}
