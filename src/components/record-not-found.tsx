import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RecordNotFoundError } from '../lib/http.ts';
import { PageTitle } from './page-title.tsx';

/**
 * The server answered that the record a screen is about does not exist (a 404 for a class, an activity, a student):
 * said plainly, with a way back, and nothing else: no other list, no sample data, no save button. (A server that cannot
 * be reached is another thing: the saved copy or sample data, with a banner.)
 */
export function RecordNotFound({ record, back }: { record: RecordNotFoundError['record']; back: ReactNode }) {
  const { t } = useLingui();
  const title = { class: t`Class not found`, activity: t`Activity not found`, student: t`Student not found` }[record];
  return (
    <Stack gap="sm" align="flex-start" data-testid="record-not-found" data-record={record}>
      <PageTitle>{title}</PageTitle>
      <Text>
        <Trans>The server has no such record. It may have been removed, or the link may be old or mistyped.</Trans>
      </Text>
      {back}
    </Stack>
  );
}
