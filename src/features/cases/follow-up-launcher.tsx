/**
 * "Open follow-up" beside a child on the reports' list below the threshold (issue 50): opens a case when none is open
 * and shows it in a dialog (loaded on demand). The screen's route loads this feature's texts.
 */
import { useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { CaseOrigin } from '../../api/cases-contract.ts';
import { casesQueryOptions, enqueueCaseOpen, type CaseChild } from '../../api/cases.ts';
import { useOnDemand } from '../../components/use-on-demand.ts';
import { usePermissions } from '../../components/use-permissions.ts';

const loadDialog = () => import('./follow-up-dialog.tsx');

export function useFollowUpLauncher(): { button: (child: CaseChild, origin: CaseOrigin) => ReactNode; dialog: ReactNode } {
  const { t } = useLingui();
  const { can } = usePermissions();
  const open = useQuery({ ...casesQueryOptions('open'), enabled: can('cases:read') });
  const openCaseOf = new Set((open.data ?? []).map((row) => row.studentId));
  const [Dialog, loadNow] = useOnDemand(loadDialog);
  const [shown, setShown] = useState<{ child: CaseChild; origin: CaseOrigin } | null>(null);
  const show = (child: CaseChild, origin: CaseOrigin) => {
    loadNow();
    setShown({ child, origin });
  };
  const button = (child: CaseChild, origin: CaseOrigin) => {
    if (!can('cases:write')) return null;
    const name = child.studentName;
    const hasCase = openCaseOf.has(child.studentId);
    return (
      <Button
        variant="light"
        size="compact-sm"
        mih={44}
        aria-label={hasCase ? t`Follow-up of ${name}` : t`Open follow-up for ${name}`}
        data-testid="report-follow-up"
        onClick={() => (hasCase ? show(child, origin) : void enqueueCaseOpen(child, origin).then(() => show(child, origin)))}
      >
        {hasCase ? <Trans>Follow-up</Trans> : <Trans>Open follow-up</Trans>}
      </Button>
    );
  };
  const dialog = shown && Dialog ? <Dialog child={shown.child} origin={shown.origin} onClose={() => setShown(null)} /> : null;
  return { button, dialog };
}
