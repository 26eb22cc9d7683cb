/**
 * Record a guardian's consent or refusal for one purpose (a withdrawal is a refusal dated when it was given): who, on
 * which date, how (signed paper, with its document; or in person). Saved through the outbox.
 */
import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { consentMethods, consentPurposes, type ConsentMethod, type ConsentPurpose } from '../../api/consent-states.ts';
import { consentTermsQueryOptions, enqueueConsent } from '../../api/consents.ts';
import { guardiansQueryOptions } from '../../api/guardians.ts';
import { documentsQueryOptions } from '../../api/student-records.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { notifySaved } from '../../components/notify.ts';
import { methodLabels, purposeLabels } from './consent-labels.ts';

export function ConsentModal({ studentId, purpose: initialPurpose, onClose }: { studentId: string; purpose?: ConsentPurpose; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const guardians = useQuery(guardiansQueryOptions(studentId)).data ?? [];
  const documents = useQuery(documentsQueryOptions(studentId)).data ?? [];
  const terms = useQuery(consentTermsQueryOptions()).data ?? [];
  const [purpose, setPurpose] = useState<ConsentPurpose>(initialPurpose ?? 'IMAGE_USE');
  const [decision, setDecision] = useState<'granted' | 'refused' | ''>('');
  const [guardianId, setGuardianId] = useState('');
  const [date, setDate] = useState(localIsoDate());
  const [method, setMethod] = useState<ConsentMethod>('IN_PERSON');
  const [documentId, setDocumentId] = useState('');
  const [errors, setErrors] = useState<{ decision?: string; guardian?: string; date?: string }>({});
  const latest = terms.filter((term) => term.purpose === purpose).at(-1);

  const save = async () => {
    const found = {
      ...(decision ? {} : { decision: t`Choose granted or refused.` }),
      ...(guardianId ? {} : { guardian: t`Choose the guardian who answered.` }),
      ...(date && date <= localIsoDate() ? {} : { date: t`Enter a date that is not after today.` }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await enqueueConsent(studentId, {
      purpose,
      granted: decision === 'granted',
      guardianId,
      date,
      method,
      ...(latest ? { termVersion: latest.version } : {}),
      ...(method === 'PAPER' && documentId ? { documentId } : {}),
    });
    notifySaved(t`Consent saved.`);
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t`Record a consent`} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Stack>
        <NativeSelect
          label={t`Purpose`}
          value={purpose}
          onChange={(event) => setPurpose(event.currentTarget.value as ConsentPurpose)}
          data={consentPurposes.map((value) => ({ value, label: i18n._(purposeLabels[value]) }))}
        />
        <Text size="sm" c="gray.7">
          {latest ? t`On the term's version ${latest.version}.` : t`No term text was written for this purpose yet.`}
        </Text>
        <Radio.Group
          label={t`The guardian's answer`}
          value={decision}
          onChange={(value) => setDecision(value as 'granted' | 'refused')}
          error={errors.decision}
          required
        >
          <Group mt="xs">
            <Radio value="granted" label={t`Granted`} />
            <Radio value="refused" label={t`Refused or withdrawn`} />
          </Group>
        </Radio.Group>
        <NativeSelect
          label={t`Guardian`}
          value={guardianId}
          onChange={(event) => setGuardianId(event.currentTarget.value)}
          data={[{ value: '', label: t`Choose…` }, ...guardians.map((guardian) => ({ value: guardian.id, label: guardian.name }))]}
          error={errors.guardian}
          required
        />
        {guardians.length === 0 && (
          <Text size="sm" c="red.9">
            <Trans>Add the student's guardian first: a consent is given by a guardian.</Trans>
          </Text>
        )}
        <TextInput
          type="date"
          label={t`Date`}
          value={date}
          max={localIsoDate()}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={errors.date}
          required
        />
        <NativeSelect
          label={t`How it was collected`}
          value={method}
          onChange={(event) => setMethod(event.currentTarget.value as ConsentMethod)}
          data={consentMethods.map((value) => ({ value, label: i18n._(methodLabels[value]) }))}
        />
        {method === 'PAPER' && (
          <NativeSelect
            label={t`The signed paper (a document of the student)`}
            value={documentId}
            onChange={(event) => setDocumentId(event.currentTarget.value)}
            data={[{ value: '', label: t`None attached` }, ...documents.map((document) => ({ value: document.id, label: document.fileName }))]}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button mih={44} onClick={() => void save()}>
            <Trans>Save consent</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
