/**
 * /frequencias/geral/mes?month=YYYY-MM (issue 52): the month grid's general view. Per child and day, arrived at the
 * general roll (P) or through a class roll only (C); per day, the arrivals (the figure the reports count), exported as
 * CSV like the class grid. Kept in the persisted query cache: offline, a month seen before shows with its "as of".
 */
import { useId, useState } from 'react';
import { Button, Group, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { generalMonthQueryOptions } from '../../api/general-roll.ts';
import type { GeneralMonth } from '../../api/general-roll-contract.ts';
import { BackButton } from '../../components/back-button.tsx';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useScrollEdges } from '../../components/use-scroll-edges.ts';
import { dayText, monthLabel, shiftMonth } from '../../lib/calendar-date.ts';
import { csvDate, downloadCsv, type CsvCell } from '../../lib/csv.ts';
import type { Locale } from '../../lib/i18n.ts';
import { answerState } from '../../offline/list-source.ts';
import classes from './general-month.module.css';

type Props = { month: string; onMonthChange: (month: string) => void };

/** Rows shown at first, and added by "Show more": a month of thousands of children is not one table of 100,000 cells. */
const ROWS_STEP = 200;

/** The month as CSV rows: a header, one row per child (P, C or empty per day, their arrivals), then the arrivals per day. */
export function generalMonthCsvRows(grid: GeneralMonth, labels: { child: string; arrivals: string; perDay: string }, locale: Locale): CsvCell[][] {
  return [
    [labels.child, ...grid.dates.map((date) => csvDate(date, locale)), labels.arrivals],
    ...grid.students.map((student): CsvCell[] => [student.name, ...student.cells.map((cell) => cell ?? ''), student.arrived]),
    [labels.perDay, ...grid.totals.map((total) => total.arrived)],
  ];
}

export function GeneralMonthPage({ month, onMonthChange }: Props) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const { data: grid, source, savedAt } = answerState(useQuery(generalMonthQueryOptions(month)));
  const shownMonth = monthLabel(month, locale);
  const exportCsv = () => {
    if (!grid) return;
    const labels = { child: t`Child`, arrivals: t`Arrivals`, perDay: t`Arrivals per day` };
    downloadCsv(`${t`general-roll`}-${month}.csv`, generalMonthCsvRows(grid, labels, locale), locale);
  };
  return (
    <div data-testid="general-month">
      <PageTitle>{t`Arrivals of the month`}</PageTitle>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm" mb="md">
        <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/frequencias/geral" />}>
          <Trans>Back to the general roll</Trans>
        </BackButton>
        <Button
          variant="default"
          mih={44}
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={exportCsv}
          disabled={!grid || grid.dates.length === 0}
        >
          <Trans>Export CSV</Trans>
        </Button>
      </Group>
      <Group gap="xs" mb="sm" wrap="nowrap">
        <Button variant="default" mih={44} miw={44} px="xs" onClick={() => onMonthChange(shiftMonth(month, -1))} aria-label={t`Previous month`}>
          <IconChevronLeft size={20} aria-hidden />
        </Button>
        <Title order={2} size="h3" miw="12rem" ta="center" aria-live="polite" data-testid="general-month-label">
          {shownMonth}
        </Title>
        <Button variant="default" mih={44} miw={44} px="xs" onClick={() => onMonthChange(shiftMonth(month, 1))} aria-label={t`Next month`}>
          <IconChevronRight size={20} aria-hidden />
        </Button>
      </Group>
      <ListSourceBanner source={source} savedAt={savedAt} />
      {source === 'loading' && (
        <Group gap="sm" my="lg" role="status">
          <Loader size="sm" aria-hidden />
          <Text>
            <Trans>Loading the month…</Trans>
          </Text>
        </Group>
      )}
      {source === 'error' && (
        <Text c="red.9" role="alert" my="md">
          <Trans>Error loading the arrivals of this month. They have not been saved on this device; try again with a connection.</Trans>
        </Text>
      )}
      {grid && grid.dates.length === 0 && (
        <Text my="md" data-testid="general-month-empty">
          <Trans>No child arrived in {shownMonth}: no general roll, and no one present in a class roll.</Trans>
        </Text>
      )}
      {grid && grid.dates.length > 0 && <MonthTable grid={grid} monthText={shownMonth} />}
    </div>
  );
}

function MonthTable({ grid, monthText }: { grid: GeneralMonth; monthText: string }) {
  const { t, i18n } = useLingui();
  const captionId = useId();
  const { ref, frameProps } = useScrollEdges<HTMLDivElement>({ stickyStart: true });
  const [rows, setRows] = useState(ROWS_STEP);
  const cellText = { P: t`arrived (general roll)`, C: t`arrived (class roll)` };
  return (
    <>
      <div {...frameProps}>
        <div ref={ref} className={classes.scroll} role="region" aria-labelledby={captionId} tabIndex={0} data-testid="general-month-grid">
          <table className={classes.grid}>
            <caption id={captionId} className={classes.caption}>
              <Trans>Arrivals at the centre in {monthText}</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col" className={classes.nameCell}>
                  <Trans>Child</Trans>
                </th>
                {grid.dates.map((date) => (
                  <th key={date} scope="col" className={classes.dateCell}>
                    <Link
                      to="/frequencias/geral"
                      search={{ date1: date }}
                      className={classes.dateLink}
                      title={t`Open the general roll of ${dayText(date, i18n.locale, { weekday: 'long', day: 'numeric', month: 'long' })}`}
                    >
                      {dayText(date, i18n.locale, { day: '2-digit', month: '2-digit' })}
                    </Link>
                  </th>
                ))}
                <th scope="col" className={classes.totalCell}>
                  <Trans>Arrivals</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {grid.students.slice(0, rows).map((student) => (
                <tr key={student.id}>
                  <th scope="row" className={classes.nameCell}>
                    {student.name}
                  </th>
                  {student.cells.map((cell, i) => (
                    <td
                      key={grid.dates[i]}
                      className={classes.markCell}
                      data-mark={cell === 'C' ? 'P' : (cell ?? '')}
                      title={cell ? cellText[cell] : undefined}
                    >
                      {cell ?? ''}
                    </td>
                  ))}
                  <td className={classes.totalCell}>{student.arrived}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="general-month-totals">
                <th scope="row" className={classes.nameCell}>
                  <Trans>Arrivals per day</Trans>
                </th>
                {grid.totals.map((total) => (
                  <td key={total.date} className={classes.markCell}>
                    {total.arrived}
                  </td>
                ))}
                <td className={classes.totalCell} />
              </tr>
            </tfoot>
          </table>
        </div>
      </div>
      <Text size="sm" mt="xs" c="gray.8">
        <Trans>P: arrived, marked at the general roll · C: arrived, present in a class roll only. Empty: not arrived.</Trans>
      </Text>
      {grid.students.length > rows && (
        <Button variant="default" mih={44} mt="sm" onClick={() => setRows((shown) => shown + ROWS_STEP)}>
          <Trans>
            Show more children ({rows} of {grid.students.length} shown)
          </Trans>
        </Button>
      )}
    </>
  );
}
