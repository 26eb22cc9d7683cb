/**
 * Add a step to a follow-up case (issue 50): a contact (how, and how it went), a home visit, a referral (where to, and
 * when) or the causes heard (several at once), each with a date, a note and when the next step is due. Saved through
 * the outbox: a social worker at a home with no signal records the visit, and it arrives once.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, NativeSelect, Radio, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  absenceCauses,
  CASE_NOTE_MAX,
  caseStepKinds,
  contactChannels,
  contactOutcomes,
  referralTargets,
  type AbsenceCause,
  type CaseStepInput,
  type CaseStepKind,
  type ContactChannel,
  type ContactOutcome,
  type FollowUpCase,
  type ReferralTarget,
} from '../../api/cases-contract.ts';
import { cleanText } from '../../api/contract.ts';
import { enqueueCaseStep } from '../../api/cases.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { notifySaved } from '../../components/notify.ts';
import { causeLabels, channelLabels, contactOutcomeLabels, referralLabels, stepKindLabels } from './case-labels.ts';

/** Now as a datetime-local value (the device's time). */
const nowLocal = (): string => {
  const now = new Date();
  const clock = [now.getHours(), now.getMinutes()].map((n) => String(n).padStart(2, '0')).join(':');
  return [localIsoDate(now), clock].join('T');
};

export function AddStepDialog({ found, onClose }: { found: FollowUpCase; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<CaseStepKind>('HOME_VISIT');
  const [openedAt] = useState(nowLocal);
  const [at, setAt] = useState(openedAt);
  const [channel, setChannel] = useState<ContactChannel>('PHONE');
  const [outcome, setOutcome] = useState<ContactOutcome | null>(null);
  const [referralTo, setReferralTo] = useState<ReferralTarget | null>(null);
  const [referralOn, setReferralOn] = useState(localIsoDate());
  const [causes, setCauses] = useState<AbsenceCause[]>([]);
  const [note, setNote] = useState('');
  const [nextStepOn, setNextStepOn] = useState('');
  const [tried, setTried] = useState(false);
  const when = new Date(at);
  const problems = {
    at: Number.isNaN(when.getTime())
      ? t`Say when it happened`
      : when.getTime() > Date.now() + 86_400_000
        ? t`A step cannot be later than tomorrow`
        : undefined,
    outcome: kind === 'CONTACT' && !outcome ? t`Say how it went` : undefined,
    referralTo: kind === 'REFERRAL' && !referralTo ? t`Choose where the child was referred` : undefined,
    referralOn: kind === 'REFERRAL' && !/^\d{4}-\d{2}-\d{2}$/.test(referralOn) ? t`Say the referral's date` : undefined,
    causes: kind === 'CAUSES' && causes.length === 0 ? t`Choose at least one cause` : undefined,
  };
  const shown = (problem: string | undefined) => (tried ? problem : undefined);

  const save = () => {
    setTried(true);
    if (Object.values(problems).some(Boolean)) return;
    const common = {
      // Left at "now": the moment it is saved (the field holds minutes, and a contact a few seconds before came first).
      at: at === openedAt ? new Date().toISOString() : when.toISOString(),
      ...(note.trim() ? { note: cleanText(note.trim()).slice(0, CASE_NOTE_MAX) } : {}),
      ...(nextStepOn ? { nextStepOn } : {}),
    };
    const input: CaseStepInput =
      kind === 'CONTACT'
        ? { ...common, kind, channel, outcome: outcome! }
        : kind === 'REFERRAL'
          ? { ...common, kind, referralTo: referralTo!, referralOn }
          : kind === 'CAUSES'
            ? { ...common, kind, causes }
            : { ...common, kind };
    void enqueueCaseStep(found.studentId, found.id, input).then(() => notifySaved(t`Step saved`));
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t`Add a step`} centered size="lg" closeButtonProps={{ 'aria-label': t`Close` }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <Radio.Group
            label={t`What was done`}
            withAsterisk
            value={kind}
            onChange={(value) => setKind(value as CaseStepKind)}
            data-testid="step-kind"
          >
            <Group gap="lg" mt="xs">
              {caseStepKinds.map((code) => (
                <Radio key={code} value={code} label={i18n._(stepKindLabels[code])} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            type="datetime-local"
            label={t`When`}
            withAsterisk
            value={at}
            onChange={(event) => setAt(event.currentTarget.value)}
            error={shown(problems.at)}
          />
          {kind === 'CONTACT' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Radio.Group label={t`How`} withAsterisk value={channel} onChange={(value) => setChannel(value as ContactChannel)}>
                <Stack gap="xs" mt="xs">
                  {contactChannels.map((code) => (
                    <Radio key={code} value={code} label={i18n._(channelLabels[code])} />
                  ))}
                </Stack>
              </Radio.Group>
              <Radio.Group
                label={t`How it went`}
                withAsterisk
                value={outcome}
                onChange={(value) => setOutcome(value as ContactOutcome)}
                error={shown(problems.outcome)}
              >
                <Stack gap="xs" mt="xs">
                  {contactOutcomes.map((code) => (
                    <Radio key={code} value={code} label={i18n._(contactOutcomeLabels[code])} />
                  ))}
                </Stack>
              </Radio.Group>
            </SimpleGrid>
          )}
          {kind === 'REFERRAL' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {/* A native select: Mantine's Select is a combobox whose popover styles the app's CSS does not carry. */}
              <NativeSelect
                label={t`Referred to`}
                withAsterisk
                data={[{ value: '', label: t`Choose one` }, ...referralTargets.map((code) => ({ value: code, label: i18n._(referralLabels[code]) }))]}
                value={referralTo ?? ''}
                onChange={(event) => setReferralTo((event.currentTarget.value || null) as ReferralTarget | null)}
                error={shown(problems.referralTo)}
              />
              <TextInput
                type="date"
                label={t`Referral date`}
                withAsterisk
                value={referralOn}
                onChange={(event) => setReferralOn(event.currentTarget.value)}
                error={shown(problems.referralOn)}
              />
            </SimpleGrid>
          )}
          {kind === 'CAUSES' && (
            <Checkbox.Group
              label={t`Causes heard`}
              withAsterisk
              value={causes}
              onChange={(value) => setCauses(value as AbsenceCause[])}
              error={shown(problems.causes)}
            >
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" spacing="xs">
                {absenceCauses.map((code) => (
                  <Checkbox key={code} value={code} label={i18n._(causeLabels[code])} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
          <Textarea
            label={t`Note`}
            autosize
            minRows={2}
            maxLength={CASE_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t`Next step by`}
            description={t`Empty: a week after this step`}
            value={nextStepOn}
            onChange={(event) => setNextStepOn(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" mih={44} data-testid="step-save">
              <Trans>Save step</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
