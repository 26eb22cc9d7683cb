/**
 * Registering a guardian asks for the child's consents at the same time (issue 51): for each purpose, granted, refused
 * or not asked. Each answer is saved as a consent given in person today by the new guardian, after the guardian (the
 * outbox sends it once the guardian is on the server).
 */
import { Fieldset, NativeSelect, SimpleGrid, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { consentPurposes, type ConsentPurpose } from '../../api/consent-states.ts';
import { enqueueConsent } from '../../api/consents.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { purposeLabels } from './consent-labels.ts';

export type ConsentAnswers = Partial<Record<ConsentPurpose, 'granted' | 'refused'>>;

/** The answers by purpose, as the guardian form keeps its extras (GuardianExtras of the guardians feature). */
export function GuardianConsents({ answers, onChange }: { answers: Record<string, string>; onChange: (answers: Record<string, string>) => void }) {
  const { t, i18n } = useLingui();
  return (
    <Fieldset legend={t`Consents this guardian gives for the child`} mt="md" data-testid="guardian-consents">
      <Text size="sm" c="gray.7" mb="xs">
        {t`Recorded as given in person today. Photos of a child appear in reports only with the image consent.`}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {consentPurposes.map((purpose) => (
          <NativeSelect
            key={purpose}
            label={i18n._(purposeLabels[purpose])}
            value={(answers as ConsentAnswers)[purpose] ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value as 'granted' | 'refused' | '';
              const next = { ...answers };
              if (value) next[purpose] = value;
              else delete next[purpose];
              onChange(next);
            }}
            data={[
              { value: '', label: t`Not asked` },
              { value: 'granted', label: t`Granted` },
              { value: 'refused', label: t`Refused` },
            ]}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}

/** Queue the answers as consents of the guardian just queued (they wait for it in the outbox). */
export async function enqueueGuardianConsents(studentId: string, guardianId: string, answers: Record<string, string>): Promise<void> {
  const date = localIsoDate();
  for (const purpose of consentPurposes) {
    const answer = (answers as ConsentAnswers)[purpose];
    if (answer) await enqueueConsent(studentId, { purpose, granted: answer === 'granted', guardianId, date, method: 'IN_PERSON' });
  }
}
