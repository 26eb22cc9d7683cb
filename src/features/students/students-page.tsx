import { lazy, memo, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Button, Chip, Group, Loader, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconFileImport, IconFilter, IconPlus, IconSearch } from '@tabler/icons-react';
import type { StudentStatusFilter, StudentSummary } from '../../api/contract.ts';
import {
  pendingStudentsFromOutbox,
  studentKeys,
  studentsByStatusQueryOptions,
  studentsFirstScreenQueryOptions,
  firstScreenfulPainted,
  studentsQueryOptions,
} from '../../api/students.ts';
import { listState } from '../../offline/list-source.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { onOutboxSynced } from '../../offline/outbox.ts';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { useWindowRows } from '../../components/use-window-rows.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { ownClassesOnly } from '../../api/permissions.ts';
import { foldNamesWhenIdle } from '../../lib/fold-for-search.ts';
import { afterPaint } from '../../lib/after-paint.ts';
import { studentRows, type StudentRow } from './student-rows.ts';
import { setFilters, type StudentFilters } from '../../api/student-filters.ts';
import { StudentCard } from './student-card.tsx';
import classes from './students-page.module.css';

const ESTIMATED_ROW_HEIGHT = 193; // a card with a one-line name, plus the gap

const StudentFilterFields = lazy(() => import('./student-filters.tsx'));

/**
 * SPEC §2 "alunos": every student as a card, searchable, virtualized so thousands stay smooth. The active students by
 * default (the list every other screen reads); inactive or all on request. Filtered by gender, school year, employment
 * and school shift (issue 52, `filters`, the URL's query) for those who read the records: an instructor's list carries
 * none of them.
 */
export function StudentsPage({ filters = {}, onFilters }: { filters?: StudentFilters; onFilters?: (filters: StudentFilters) => void } = {}) {
  const { t } = useLingui();
  const [status, setStatus] = useState<StudentStatusFilter>('active');
  const activeQuery = useQuery(studentsQueryOptions());
  const otherQuery = useQuery({ ...studentsByStatusQueryOptions(status === 'all' ? 'all' : 'inactive'), enabled: status !== 'active' });
  // A first visit: the list's first screenful (asked for by the route beside the whole list) until the list comes.
  const firstScreen = useQuery({ ...studentsFirstScreenQueryOptions(), enabled: false }).data;
  // The built-in sample (SPEC §7) loads only when the list falls back to it: it is not in a first visit's load.
  const [sampleStudents, setSampleStudents] = useState<StudentSummary[]>([]);
  const list = listState(status === 'active' ? activeQuery : otherQuery, status === 'active' ? sampleStudents : []);
  const wantsSample = list.source === 'sample' && status === 'active' && sampleStudents.length === 0;
  useEffect(() => {
    if (wantsSample) void import('../../offline/sample-data.ts').then((module) => setSampleStudents(module.sampleStudents)).catch(() => undefined);
  }, [wantsSample]);
  const firstScreenOnly = status === 'active' && list.source === 'loading' && firstScreen?.length ? firstScreen : undefined;
  const outboxRows = useOutboxItems(outboxKinds.studentCreate);
  const queued = useMemo(() => pendingStudentsFromOutbox(outboxRows), [outboxRows]);
  const arrived = useMemo(
    () => ({
      items: firstScreenOnly ?? list.items,
      source: list.source,
      savedAt: list.savedAt,
      partial: firstScreenOnly,
      pending: status === 'inactive' ? [] : queued,
    }),
    [firstScreenOnly, list.items, list.source, list.savedAt, status, queued],
  );
  // A list that arrives (the first screenful, the whole list, a sync's merge, another status) renders in a render React
  // slices: the query's own update is a synchronous one, and with the cards in it, it was the page's longest task. The
  // registrations still waiting to be sent are deferred with it: one that has just been sent leaves the outbox as the
  // server's copy enters the list, and the two changes show in the same render, so its card never blinks out.
  const { items, source, savedAt, partial, pending } = useDeferredValue(arrived);
  // The whole list is asked for once the first screenful's cards are painted (api/students.ts prefetchStudents).
  useEffect(() => (partial ? afterPaint(firstScreenfulPainted) : undefined), [partial]);
  useRefetchWhenRegistrationsSync(queued.map((p) => p.id));

  // Rendered with the keystroke, not deferred: the list's render is small (the cards on screen, a search that narrows
  // the last one), and a deferred render waited for the next frames (a keystroke painted in about 110 ms at 4x CPU
  // with 50,000 students, against 45 ms in the same render).
  const [search, setSearch] = useState('');
  const { can, me } = usePermissions();
  const filtering = !!onFilters && can('students:read') && !!me && !ownClassesOnly(me.access);
  const { gender, schoolYear, employmentStatus, schoolShift } = filtering ? filters : {};
  // Kept by the codes: the same filters in a new object (each navigation's) filter nothing again.
  const shownFilters = useMemo(
    () => setFilters({ gender, schoolYear, employmentStatus, schoolShift }),
    [gender, schoolYear, employmentStatus, schoolShift],
  );
  const rows = useMemo(() => studentRows(items, pending, search, shownFilters), [items, pending, search, shownFilters]);
  useEffect(() => foldNamesWhenIdle(items), [items]);
  const filtered = Object.keys(shownFilters).length > 0;
  const [filtersOpen, setFiltersOpen] = useState(filtered);

  return (
    <>
      <StudentsHeader
        status={status}
        onStatus={setStatus}
        canCreate={can('students:write')}
        canImport={can('students:import')}
        ownClassesNote={!!me && ownClassesOnly(me.access)}
      />
      <ListSourceBanner source={source} savedAt={savedAt} />
      {source === 'error' ? (
        <Text c="red.9" role="alert" data-testid="list-error">
          <Trans>Error loading students</Trans>
        </Text>
      ) : (
        <>
          <Group align="flex-end" gap="sm" mb="md">
            <TextInput
              label={t`Search students`}
              placeholder={t`Type part of a name`}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              type="search"
              w={480}
              maw="100%"
            />
            {filtering && (
              <Button
                variant={filtered ? 'light' : 'default'}
                mih={44}
                leftSection={<IconFilter size={18} aria-hidden />}
                aria-expanded={filtersOpen || filtered}
                aria-controls="student-filters"
                onClick={() => setFiltersOpen((open) => !open || filtered)}
              >
                <Trans>Filters</Trans>
              </Button>
            )}
          </Group>
          {filtering && (filtersOpen || filtered) && (
            <div id="student-filters">
              <Suspense fallback={<Loader size="sm" aria-label={t`Loading the filters`} />}>
                <StudentFilterFields filters={shownFilters} onFilters={onFilters} />
              </Suspense>
            </div>
          )}
          {source === 'loading' && (rows.length === 0 || (partial && search)) ? (
            // A search looks in the whole list, not in the first screenful.
            <Loader aria-label={t`Loading students`} />
          ) : rows.length === 0 ? (
            <Text c="gray.7" data-testid="empty-text">
              <Trans>No students found</Trans>
            </Text>
          ) : (
            <>
              <VirtualStudentGrid rows={rows} label={t`Students`} canAddGuardian={can('guardians:write')} canOpen={can('students:read')} />
              {partial && <Loader mt="md" aria-label={t`Loading students`} />}
            </>
          )}
        </>
      )}
    </>
  );
}

/** The title, "Create New Student" and the status switch: a keystroke in the search renders none of them again. */
const StudentsHeader = memo(function StudentsHeader({
  status,
  onStatus,
  canCreate,
  canImport,
  ownClassesNote,
}: {
  status: StudentStatusFilter;
  onStatus: (status: StudentStatusFilter) => void;
  canCreate: boolean;
  canImport: boolean;
  /** An instructor's list holds the students of their classes only (the server's least privilege): say so. */
  ownClassesNote: boolean;
}) {
  const { t } = useLingui();
  const statusChoices: { value: StudentStatusFilter; label: string }[] = [
    { value: 'active', label: t({ message: 'Active', context: 'which students' }) },
    { value: 'inactive', label: t({ message: 'Inactive', context: 'which students' }) },
    { value: 'all', label: t`All` },
  ];
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>{t`Students`}</PageTitle>
        <Group gap="xs">
          {canImport && (
            <Button component={Link} to="/alunos/importar" variant="light" leftSection={<IconFileImport size={18} aria-hidden />} mih={44}>
              <Trans>Import a spreadsheet</Trans>
            </Button>
          )}
          {canCreate && (
            <Button component={Link} to="/alunos/cadastro" leftSection={<IconPlus size={18} aria-hidden />} mih={44}>
              <Trans>Create New Student</Trans>
            </Button>
          )}
        </Group>
      </Group>
      {ownClassesNote && (
        <Text c="gray.7" mb="xs" data-testid="own-classes-note">
          <Trans>The students of your classes and of the classes that have no instructor.</Trans>
        </Text>
      )}
      {/* Radios with one name: one Tab stop, the arrows choose. Chips, not a SegmentedControl: its sliding indicator
          measured the page inside the commit that first shows the cards (a long task on a first visit), and it was
          36 px tall, under the 44 px touch target every control has here. */}
      <Chip.Group value={status} onChange={(value) => onStatus(value as StudentStatusFilter)}>
        <Group gap="xs" mt="xs" mb="md" role="radiogroup" aria-label={t`Show students`}>
          {statusChoices.map(({ value, label }) => (
            <Chip key={value} value={value} name="students-status" variant="outline" classNames={{ label: classes.statusChip }}>
              {label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </>
  );
});

/** A registration that left the outbox reached the server (here or in another tab): fetch the list again. */
function useRefetchWhenRegistrationsSync(pendingIds: string[]) {
  const queryClient = useQueryClient();
  const previous = useRef<Set<string>>(new Set());
  const key = pendingIds.join('|');
  useEffect(() => {
    const now = new Set(key ? key.split('|') : []);
    const gone = [...previous.current].some((id) => !now.has(id));
    previous.current = now;
    if (gone) void queryClient.invalidateQueries({ queryKey: studentKeys.all });
  }, [key, queryClient]);
  useEffect(
    () =>
      onOutboxSynced((item, result) => {
        if (item.kind !== outboxKinds.studentCreate) return;
        // Show the new student as a server row at once, so the card does not blink out before the refetch lands.
        const payload = (item.payload ?? {}) as { id?: string; fullName?: string; socialName?: string };
        const id = typeof result?.id === 'string' ? result.id : payload.id;
        if (id && payload.fullName) {
          queryClient.setQueryData<StudentSummary[]>(studentKeys.all, (old) =>
            old && !old.some((s) => s.id === id)
              ? [
                  ...old,
                  payload.socialName
                    ? { id, name: payload.socialName, civilName: payload.fullName!, frequencyPercent: 0 }
                    : { id, name: payload.fullName!, frequencyPercent: 0 },
                ]
              : old,
          );
        }
        void queryClient.invalidateQueries({ queryKey: studentKeys.all });
      }),
    [queryClient],
  );
}

/**
 * Rows of 1, 2 or 3 cards (same breakpoints as CardGrid); only the rows near the viewport are in the DOM. Rows are
 * keyed by their index and cards by their place in the row, not by student: a search changes what the cards on screen
 * say instead of mounting new ones.
 */
const VirtualStudentGrid = memo(function VirtualStudentGrid({
  rows,
  label,
  canAddGuardian,
  canOpen,
}: {
  rows: StudentRow[];
  label: string;
  canAddGuardian: boolean;
  canOpen: boolean;
}) {
  const tablet = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const desktop = useMediaQuery('(min-width: 75em)', false, { getInitialValueInEffect: false });
  const columns = desktop ? 3 : tablet ? 2 : 1;
  const rowStyle = useMemo(() => ({ '--columns': columns }) as CSSProperties, [columns]);
  const resetKey = useMemo(() => ({ rows, columns }), [rows, columns]);
  const listRef = useRef<HTMLDivElement>(null);
  const { start, end, before, after, measure } = useWindowRows({
    count: Math.ceil(rows.length / columns),
    estimate: ESTIMATED_ROW_HEIGHT,
    overscan: 2,
    listRef,
    resetKey,
  });
  const shown = [];
  for (let index = start; index < end; index++) {
    shown.push(
      <div key={index} role="presentation" data-index={index} ref={measure} className={classes.row} style={rowStyle}>
        {rows.slice(index * columns, (index + 1) * columns).map((student, i) => (
          <StudentCard
            key={i}
            student={student}
            position={index * columns + i + 1}
            total={rows.length}
            canAddGuardian={canAddGuardian}
            canOpen={canOpen}
          />
        ))}
      </div>,
    );
  }
  return (
    <div ref={listRef} role="list" aria-label={label}>
      <div role="presentation" style={{ height: before }} />
      {shown}
      <div role="presentation" style={{ height: after }} />
    </div>
  );
});
