/**
 * "Open follow-up" on an alert about a child (issue 50): opens a case (when none is open) and shows it, with the
 * guardians' call and WhatsApp links: from the alert to a recorded contact in 3 taps. Loaded by the alerts after the
 * first screen (issue 57): the cases' API module and contract, and GET /cases?status=open that says who already has a
 * case, are not in home's first load.
 */
import { Button } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { casesQueryOptions, enqueueCaseOpen, type CaseChild } from '../../api/cases.ts';
import type { CaseOrigin } from '../../api/cases-contract.ts';

/** readsCases: whether the user may read the cases (and the screen opens them): then the button knows an open case. */
export type FollowUpButtonProps = { child: CaseChild; origin: CaseOrigin; readsCases: boolean; onShow: () => void };

export default function FollowUpButton({ child, origin, readsCases, onShow }: FollowUpButtonProps) {
  const { t } = useLingui();
  // One read for every button of the alerts (the query is shared): who already has an open follow-up case.
  const openCases = useQuery({ ...casesQueryOptions('open'), enabled: readsCases });
  const name = child.studentName;
  const hasCase = (openCases.data ?? []).some((row) => row.studentId === child.studentId);
  return (
    <Button
      variant="light"
      size="compact-sm"
      mih={44}
      ml="xs"
      aria-label={hasCase ? t`Follow-up of ${name}` : t`Open follow-up for ${name}`}
      data-testid="alert-follow-up"
      onClick={() => {
        if (hasCase) onShow();
        else void enqueueCaseOpen(child, origin).then(onShow);
      }}
    >
      {hasCase ? <Trans>Follow-up</Trans> : <Trans>Open follow-up</Trans>}
    </Button>
  );
}
