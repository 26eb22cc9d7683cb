import type { ReactNode } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { sampleGuardians } from '../../offline/sample-data.ts';
import { notify, type Severity } from '../../components/notify.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { PersonCard } from '../../components/person-card.tsx';
import { useOnDemand } from '../../components/use-on-demand.ts';
import { RepoInfoCard } from './repo-info-card.tsx';

const demoItems = ['1', '2', '3'];
const loadDemoModal = () => import('./demo-modal.tsx');

/** SPEC §2 "tech-demo": toasts of every severity, a modal, a sample person card, the repository-info call. */
export function TechDemoPage({ outlet }: { outlet?: ReactNode }) {
  const { t } = useLingui();
  const [modalOpen, modal] = useDisclosure(false);
  const [DemoModal, loadModal] = useOnDemand(loadDemoModal);
  // Default buttons with a coloured icon: white text on Mantine's green.9 or orange.9 misses AA contrast.
  const toasts: { severity: Severity; label: string; message: string; color: string; icon: typeof IconCircleCheck }[] = [
    { severity: 'success', label: t`Success toast`, message: t`This is a success message.`, color: 'green', icon: IconCircleCheck },
    { severity: 'error', label: t`Error toast`, message: t`This is an error message.`, color: 'red', icon: IconCircleX },
    { severity: 'info', label: t`Info toast`, message: t`This is an information message.`, color: 'blue', icon: IconInfoCircle },
    { severity: 'warning', label: t`Warning toast`, message: t`This is a warning message.`, color: 'orange', icon: IconAlertTriangle },
  ];
  return (
    <>
      <PageTitle>{t`Tech demo`}</PageTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            <Trans>Toasts</Trans>
          </Title>
          <Group gap="xs">
            {toasts.map((toast) => (
              <Button
                key={toast.severity}
                variant="default"
                leftSection={<toast.icon size={18} aria-hidden color={`var(--mantine-color-${toast.color}-9)`} />}
                onClick={() => notify({ message: toast.message, severity: toast.severity, closable: true })}
                mih={44}
              >
                {toast.label}
              </Button>
            ))}
          </Group>
          <Title order={2} size="h4" mt="lg" mb="sm">
            <Trans>Modal</Trans>
          </Title>
          <Button
            variant="light"
            onClick={() => {
              loadModal();
              modal.open();
            }}
            mih={44}
          >
            <Trans>Open modal</Trans>
          </Button>
          {DemoModal && <DemoModal opened={modalOpen} onClose={modal.close} />}
        </Card>
        <RepoInfoCard />
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Sample person card</Trans>
          </Title>
          <div role="list">
            <PersonCard person={sampleGuardians[0]!} testId="demo-person-card" />
          </div>
        </Stack>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            <Trans>Nested route</Trans>
          </Title>
          <Group gap="xs" mb="sm">
            {demoItems.map((id) => (
              <Button key={id} renderRoot={(props) => <Link to="/tech-demo/$id" params={{ id }} {...props} />} variant="light" mih={44}>
                <Trans>Item {id}</Trans>
              </Button>
            ))}
          </Group>
          {outlet}
        </Card>
      </SimpleGrid>
    </>
  );
}

/** The nested tech-demo/$id route: shows which item the URL names. */
export function TechDemoItem({ id }: { id: string }) {
  return (
    <Text data-testid="demo-item">
      <Trans>Showing demo item {id}.</Trans>
    </Text>
  );
}
