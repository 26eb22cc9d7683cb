import type { ReactElement, ReactNode } from 'react';
import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { IconArrowLeft } from '@tabler/icons-react';

type Props = {
  /** The router link to go back to, given Mantine's button props (keeps the route typed where it is written). */
  renderLink: (rootProps: Record<string, unknown>) => ReactElement;
  children: ReactNode;
};

/** "Back to …": the way up from a page reached from a list (classes, a roll call, a student's guardians). */
export function BackButton({ renderLink, children }: Props) {
  return (
    <Button variant="subtle" px="xs" mih={44} leftSection={<IconArrowLeft size={18} aria-hidden />} renderRoot={renderLink}>
      {children}
    </Button>
  );
}

/** "Back to students": the way up from a student's pages (profile, edit, guardians, access record, registration). */
export function BackToStudents() {
  return (
    <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/alunos" />}>
      <Trans>Back to students</Trans>
    </BackButton>
  );
}
