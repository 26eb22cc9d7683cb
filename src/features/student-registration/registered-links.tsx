import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconSchool, IconUser, IconUsers } from '@tabler/icons-react';
import { usePermissions } from '../../components/use-permissions.ts';

export type Registered = { id: string; name: string };

/** The id of the profile's classes section (student-profile-page.tsx): the way to enrol a student just registered lands there. */
const ENROLMENT_SECTION_ID = 'turmas';

/**
 * After a registration reached the server (issue 56): the form is empty for the next student, and this says who was
 * registered with the ways on to them: their profile, their guardians, their enrolment in a class (each as the role may).
 */
export function RegisteredLinks({ registered }: { registered: Registered }) {
  const { t } = useLingui();
  const { can } = usePermissions();
  const name = registered.name;
  const params = { id: registered.id };
  // The form sent from its end: the ways on are brought into view (mid-screen, clear of the toasts at the top and the
  // bottom) and take the focus, so the keyboard's next Tab is "Open the profile".
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center' });
    box.current?.focus({ preventScroll: true });
  }, [registered.id]);
  return (
    <Alert ref={box} tabIndex={-1} color="green" c="green.9" variant="light" title={t`${name} was registered`} data-testid="registered-links">
      <Text size="sm" mb="sm" c="dark">
        <Trans>The form is empty for the next student. Continue with {name}:</Trans>
      </Text>
      <Group gap="sm">
        {can('students:read') && (
          <Button
            variant="default"
            mih={44}
            leftSection={<IconUser size={18} aria-hidden />}
            renderRoot={(props) => <Link {...props} to="/alunos/$id" params={params} />}
          >
            <Trans>Open the profile</Trans>
          </Button>
        )}
        {can('guardians:read') && (
          <Button
            variant="default"
            mih={44}
            leftSection={<IconUsers size={18} aria-hidden />}
            renderRoot={(props) => <Link {...props} to="/alunos/$id/responsaveis" params={params} />}
          >
            <Trans>Guardians</Trans>
          </Button>
        )}
        {can('students:read') && can('enrolments:write') && (
          <Button
            variant="default"
            mih={44}
            leftSection={<IconSchool size={18} aria-hidden />}
            renderRoot={(props) => <Link {...props} to="/alunos/$id" params={params} hash={ENROLMENT_SECTION_ID} />}
          >
            <Trans>Enroll in a class</Trans>
          </Button>
        )}
      </Group>
    </Alert>
  );
}
