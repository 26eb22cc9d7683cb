/** What the class list import did, and the rows it refused (the preview's wrong rows and the server's) as a CSV to fix. */
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconDownload } from '@tabler/icons-react';
import type { ImportEnrolmentResultRow } from '../../api/enrolment-imports-contract.ts';
import { downloadCsv } from '../../lib/csv.ts';
import type { Locale } from '../../lib/i18n.ts';
import { problemsOf, statusOf, type Plan } from './enrolment-plan.ts';
import { enrolmentProblemText } from './enrolment-texts.ts';
import { refusalText } from './import-texts.ts';

type Props = { fileName: string; plan: Plan; results: ImportEnrolmentResultRow[]; onAnother: () => void };

export function EnrolmentResult({ fileName, plan, results, onAnother }: Props) {
  const { t, i18n } = useLingui();
  const byRow = new Map(results.map((result) => [result.row, result]));
  const enrolled = results.filter((result) => result.outcome === 'created').length;
  const registered = new Set(results.flatMap((result) => (result.newStudent ? [result.studentId] : []))).size;
  const refused = plan.read.rows.flatMap((row) => {
    const result = byRow.get(row.row);
    const problems = problemsOf(plan, row);
    if (problems.length > 0) return [{ row, reasons: problems.map((problem) => enrolmentProblemText(i18n, problem)) }];
    if (result?.outcome === 'refused') return [{ row, reasons: [refusalText(i18n, result.reason)] }];
    return [];
  });
  const skipped =
    results.filter((result) => result.outcome === 'skipped').length + plan.read.rows.filter((row) => statusOf(plan, row) === 'skip').length;
  const download = () =>
    downloadCsv(
      `${fileName.replace(/\.[^.]*$/, '')}-${t`refused`}.csv`,
      [
        [t`Row`, t`Full name`, t`Date of birth`, t`CPF`, t`Activity`, t`Class`, t`Reasons`],
        ...refused.map(({ row, reasons }) => [
          row.where,
          row.student.fullName,
          row.student.dateOfBirth ?? '',
          row.student.registrationNumber ?? '',
          row.activityName,
          row.className,
          reasons.join('; '),
        ]),
      ],
      i18n.locale as Locale,
    );
  return (
    <Stack gap="md" data-testid="import-result">
      <Alert color={refused.length ? 'yellow' : 'green'} role="status">
        {t`The import of ${fileName} is done.`}
      </Alert>
      <Group gap="xs">
        <Badge color="green" c="dark.9" size="lg" variant="light" data-testid="result-enrolled">{t`Enrolled: ${enrolled}`}</Badge>
        <Badge color="teal" c="dark.9" size="lg" variant="light" data-testid="result-registered">{t`Children registered: ${registered}`}</Badge>
        <Badge color="gray" c="dark.9" size="lg" variant="light" data-testid="result-skipped">{t`Already in the class: ${skipped}`}</Badge>
        <Badge color="red" c="dark.9" size="lg" variant="light" data-testid="result-refused">{t`Refused: ${refused.length}`}</Badge>
      </Group>
      {refused.length > 0 && (
        <Stack gap="xs">
          <Text>{t`The refused rows, with their reasons, can be downloaded, corrected and imported again.`}</Text>
          <Button
            mih={44}
            w="fit-content"
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={download}
            data-testid="download-refused"
          >
            {t`Download the refused rows (CSV)`}
          </Button>
        </Stack>
      )}
      <Button mih={44} w="fit-content" variant="subtle" onClick={onAnother}>
        {t`Import another file`}
      </Button>
    </Stack>
  );
}
