/**
 * A child's follow-up (issue 50): the open case with its steps, the guardians' phones as a call link and a WhatsApp
 * link (following either records a contact whose outcome the screen asks for), "Add step" and "Close case", and the
 * closed cases below; "Open follow-up" when none is open. Shown on the profile and in the dialog of an alert. Offline it
 * shows the device's copy with this device's writes laid in (api/cases.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import type { CaseOrigin, ContactChannel, ContactOutcome, FollowUpCase } from '../../api/cases-contract.ts';
import { contactOutcomes } from '../../api/cases-contract.ts';
import { enqueueCaseOpen, enqueueCaseOutcome, enqueueCaseStep, studentCasesQueryOptions, type CaseChild } from '../../api/cases.ts';
import { guardiansQueryOptions } from '../../api/guardians.ts';
import { settingsQueryOptions } from '../../api/settings.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { localMidnight } from '../../lib/calendar-date.ts';
import { brazilianPhoneDigits, defaultWhatsappTemplate, fillWhatsappTemplate, whatsappLink } from '../../lib/whatsapp-message.ts';
import { AddStepDialog } from './add-step-dialog.tsx';
import { CaseSteps } from './case-steps.tsx';
import { CloseCaseDialog } from './close-case-dialog.tsx';
import { closeOutcomeLabels, contactOutcomeLabels, originLabels } from './case-labels.ts';

/** The contact recorded as a link was followed, whose outcome is still to say (kept over a reload of the tab). */
type Awaiting = { caseId: string; stepId: string; name: string };
const AWAITING_KEY = 'quadra.follow-up.awaiting';
const readAwaiting = (): Awaiting | null => {
  try {
    return JSON.parse(sessionStorage.getItem(AWAITING_KEY) ?? 'null') as Awaiting | null;
  } catch {
    return null;
  }
};
const keepAwaiting = (awaiting: Awaiting | null) => {
  try {
    if (awaiting) sessionStorage.setItem(AWAITING_KEY, JSON.stringify(awaiting));
    else sessionStorage.removeItem(AWAITING_KEY);
  } catch {
    // storage blocked: the question stays until the screen closes
  }
};

type Props = { child: CaseChild; origin: CaseOrigin };

export function FollowUpPanel({ child, origin }: Props) {
  const { t, i18n } = useLingui();
  const { can } = usePermissions();
  const cases = useQuery(studentCasesQueryOptions(child.studentId));
  const openCase = cases.data?.find((found) => found.status === 'OPEN');
  const closed = cases.data?.filter((found) => found.status === 'CLOSED') ?? [];
  const writes = can('cases:write');
  const day = (value: string) => i18n.date(localMidnight(value), { dateStyle: 'short' });
  const [opening, setOpening] = useState(false);

  if (!cases.data && cases.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t`Loading the follow-up`}</Text>
      </Group>
    );
  }
  return (
    <Stack gap="md" data-testid="follow-up">
      {cases.isError && !cases.data && (
        <Text c="red.8">
          <Trans>The follow-up could not be loaded. It will show when the server can be reached.</Trans>
        </Text>
      )}
      {openCase ? (
        <OpenCase found={openCase} child={child} writes={writes} />
      ) : (
        writes &&
        cases.data && (
          <Button
            mih={44}
            loading={opening}
            data-testid="open-follow-up"
            onClick={() => {
              setOpening(true);
              void enqueueCaseOpen(child, origin).finally(() => setOpening(false));
            }}
          >
            <Trans>Open follow-up</Trans>
          </Button>
        )
      )}
      {closed.length > 0 && (
        <Stack gap="sm">
          <Title order={3} size="h5">
            <Trans>Closed follow-ups</Trans>
          </Title>
          {closed.map((found) => {
            const outcome = found.outcome ? i18n._(closeOutcomeLabels[found.outcome]) : '';
            const opened = day(found.openedOn);
            const closedOn = found.closedOn ? day(found.closedOn) : '';
            return (
              <Card key={found.id} withBorder padding="sm" data-testid="closed-case">
                <Text fw={600}>
                  <Trans>
                    {opened} to {closedOn}: {outcome}
                  </Trans>
                </Text>
                {found.closeNote && <Text size="sm">{found.closeNote}</Text>}
                {found.frequencySince && <FrequencySince found={found} />}
                <CaseSteps steps={found.steps} />
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

function FrequencySince({ found }: { found: FollowUpCase }) {
  const { i18n } = useLingui();
  const since = found.frequencySince!;
  const percent = i18n.number(since.frequencyPercent / 100, { style: 'percent', maximumFractionDigits: 1 });
  const from = i18n.date(localMidnight(since.from), { dateStyle: 'short' });
  const days = since.rollDays;
  return (
    <Text size="sm" data-testid="frequency-since">
      <Trans>
        Frequency since {from}: {percent} over {days} roll days
      </Trans>
    </Text>
  );
}

function OpenCase({ found, child, writes }: { found: FollowUpCase; child: CaseChild; writes: boolean }) {
  const { t, i18n } = useLingui();
  const day = (value: string) => i18n.date(localMidnight(value), { dateStyle: 'short' });
  const [dialog, setDialog] = useState<'step' | 'close' | null>(null);
  const [awaiting, setAwaiting] = useState<Awaiting | null>(() => {
    const kept = readAwaiting();
    return kept?.caseId === found.id ? kept : null;
  });
  const question = useRef<HTMLDivElement>(null);
  // Back from the phone or WhatsApp: the question of how it went takes the focus.
  useEffect(() => {
    if (!awaiting) return;
    const ask = () => {
      if (document.visibilityState === 'visible') question.current?.querySelector('button')?.focus();
    };
    document.addEventListener('visibilitychange', ask);
    window.addEventListener('focus', ask);
    return () => {
      document.removeEventListener('visibilitychange', ask);
      window.removeEventListener('focus', ask);
    };
  }, [awaiting]);

  const opened = day(found.openedOn);
  const next = found.nextStepOn ? day(found.nextStepOn) : '';
  const origin = i18n._(originLabels[found.origin]);
  const follow = async (channel: ContactChannel, name: string) => {
    const stepId = await enqueueCaseStep(found.studentId, found.id, { kind: 'CONTACT', channel, at: new Date().toISOString() });
    const waiting = { caseId: found.id, stepId, name };
    keepAwaiting(waiting);
    setAwaiting(waiting);
  };
  const say = (outcome: ContactOutcome) => {
    if (!awaiting) return;
    void enqueueCaseOutcome(found.studentId, found.id, awaiting.stepId, outcome);
    keepAwaiting(null);
    setAwaiting(null);
  };
  const awaitingName = awaiting?.name ?? '';
  return (
    <Card withBorder padding="md" data-testid="open-case">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Title order={3} size="h4">
            <Trans>Follow-up open since {opened}</Trans>
          </Title>
          {found.late && (
            <Badge color="red.8" data-testid="case-late">
              <Trans>Late</Trans>
            </Badge>
          )}
        </Group>
        <Text size="sm">
          <Trans>
            From: {origin}. Next step by {next}.
          </Trans>
        </Text>
        {found.note && <Text size="sm">{found.note}</Text>}
        {writes && <GuardianLinks found={found} child={child} onFollow={follow} />}
        {awaiting && (
          <Alert color="blue" title={t`How did the contact with ${awaitingName} go?`} data-testid="contact-outcome">
            <Group gap="sm" ref={question} wrap="wrap">
              {contactOutcomes.map((outcome) => (
                <Button key={outcome} mih={44} variant="light" onClick={() => say(outcome)}>
                  {i18n._(contactOutcomeLabels[outcome])}
                </Button>
              ))}
            </Group>
          </Alert>
        )}
        <CaseSteps steps={found.steps} />
        {writes && (
          <Group gap="sm">
            <Button mih={44} variant="light" onClick={() => setDialog('step')} data-testid="add-step">
              <Trans>Add step</Trans>
            </Button>
            <Button mih={44} variant="default" onClick={() => setDialog('close')} data-testid="close-case">
              <Trans>Close follow-up</Trans>
            </Button>
          </Group>
        )}
      </Stack>
      {dialog === 'step' && <AddStepDialog found={found} onClose={() => setDialog(null)} />}
      {dialog === 'close' && <CloseCaseDialog found={found} onClose={() => setDialog(null)} />}
    </Card>
  );
}

/** Each guardian's phone as a call link and a WhatsApp link with the programme's message (the child and dates only). */
function GuardianLinks({
  found,
  child,
  onFollow,
}: {
  found: FollowUpCase;
  child: CaseChild;
  onFollow: (channel: ContactChannel, name: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const guardians = useQuery(guardiansQueryOptions(found.studentId));
  const settings = useQuery(settingsQueryOptions());
  const template = settings.data?.whatsappTemplate ?? defaultWhatsappTemplate;
  const dates = found.missedDates.length > 0 ? found.missedDates : (child.missedDates ?? []);
  const message = fillWhatsappTemplate(template, { name: found.studentName, dates });
  const phones = (guardians.data ?? []).filter((guardian) => guardian.phone.trim() !== '');
  if (guardians.data && phones.length === 0) {
    return (
      <Text size="sm" c="gray.8">
        <Trans>No guardian of this child has a phone number.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="guardian-links">
      {phones.map((guardian) => {
        const digits = brazilianPhoneDigits(guardian.phone);
        const tel = `tel:${digits ? `+55${digits}` : guardian.phone.replace(/[^\d+]/g, '')}`;
        const whatsapp = whatsappLink(guardian.phone, message);
        const name = guardian.name;
        return (
          <Group key={guardian.id} gap="sm" wrap="wrap">
            <Text size="sm" fw={600} miw={140}>
              {name} · {guardian.phone}
            </Text>
            <Button
              component="a"
              href={tel}
              mih={44}
              variant="light"
              leftSection={<IconPhone size={18} aria-hidden />}
              aria-label={t`Call ${name}`}
              onClick={() => void onFollow('PHONE', name)}
            >
              <Trans>Call</Trans>
            </Button>
            {whatsapp && (
              <Button
                component="a"
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                mih={44}
                variant="light"
                color="green"
                // Green text on the light green misses AA contrast (4.0:1): dark text, the mark in green.
                c="dark.9"
                leftSection={<IconBrandWhatsapp size={18} aria-hidden color="var(--mantine-color-green-9)" />}
                aria-label={t`WhatsApp ${name}`}
                data-testid="whatsapp-link"
                onClick={() => void onFollow('WHATSAPP', name)}
              >
                <Trans>WhatsApp</Trans>
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
