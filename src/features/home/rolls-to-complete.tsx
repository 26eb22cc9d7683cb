/**
 * Rolls to complete (issue 56): rolls that leave students of their date's roster not marked, each a link to the roll
 * call of its date, for whoever may correct them. Home's alerts show them to the coordination (attendance-alerts.tsx);
 * an instructor, who reads no alerts, gets this card with those of the classes whose rolls they may correct (GET
 * /attendance/rolls-to-complete). Loaded on demand by home-page.tsx.
 */
import { Anchor, Card, Group, List, Loader, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { rollsToCompleteQueryOptions } from '../../api/reports.ts';
import { answerState } from '../../offline/list-source.ts';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { localMidnight } from '../../lib/calendar-date.ts';
import type { RollToComplete } from '../../api/contract.ts';
import { ROLL_TO_COMPLETE_DAYS } from '../../api/alert-rules.ts';

/** What a roll to complete is, under the list's heading. */
export function RollsToCompleteNote() {
  return (
    <Text size="sm" c="gray.8" mb={4}>
      <Trans>These rolls leave students of the class not marked: they count for no one until the roll is corrected.</Trans>
    </Text>
  );
}

/** A link to a class's roll call on a date, named by the class, its activity and the date. */
export function RollCallLink({ roll }: { roll: Pick<RollToComplete, 'classId' | 'className' | 'activityId' | 'activityName' | 'date'> }) {
  const { i18n } = useLingui();
  const date = i18n.date(localMidnight(roll.date), { dateStyle: 'short' });
  const { className, activityName } = roll;
  return (
    <Anchor
      renderRoot={(props) => (
        <Link
          {...props}
          to="/frequencias/atividades/$activityId/turmas/$classId/chamada"
          params={{ activityId: roll.activityId, classId: roll.classId }}
          search={{ date1: roll.date }}
        />
      )}
    >
      <Trans>
        {className} ({activityName}), {date}
      </Trans>
    </Anchor>
  );
}

/** One roll to complete: a link to its roll call, and how many students it leaves not marked. */
export function RollToCompleteItem({ roll }: { roll: RollToComplete }) {
  const notMarked = roll.notMarked;
  return (
    <List.Item>
      <RollCallLink roll={roll} /> <Plural value={notMarked} one="— # student not marked" other="— # students not marked" />
    </List.Item>
  );
}

/** An instructor's home: the rolls to complete of their classes (and of those that name no instructor). */
export default function RollsToCompleteCard() {
  const { t } = useLingui();
  const { data, source, savedAt } = answerState(useQuery(rollsToCompleteQueryOptions()));
  const heading = t`Rolls to complete`;
  const days = ROLL_TO_COMPLETE_DAYS;
  return (
    <Card component="section" aria-label={heading} withBorder padding="lg" mt="lg" data-testid="rolls-to-complete">
      <Title order={2} size="h3" mb="sm">
        {heading}
      </Title>
      <ListSourceBanner source={source} savedAt={savedAt} />
      {source === 'loading' && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t`Loading the rolls to complete`}</Text>
        </Group>
      )}
      {source === 'error' && (
        <Text c="red.8">
          <Trans>The rolls to complete could not be loaded. They will show when the server can be reached.</Trans>
        </Text>
      )}
      {data && data.rolls.length === 0 && (
        <Text>
          <Trans>No roll of your classes in the last {days} days leaves a student not marked.</Trans>
        </Text>
      )}
      {data && data.rolls.length > 0 && (
        <>
          <RollsToCompleteNote />
          <List spacing={4} size="sm">
            {data.rolls.map((roll) => (
              <RollToCompleteItem key={`${roll.classId}/${roll.date}`} roll={roll} />
            ))}
          </List>
        </>
      )}
    </Card>
  );
}
