/** Close a follow-up case with its outcome and a note (issue 50), on the version the device knows; through the outbox. */
import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { CASE_NOTE_MAX, caseCloseOutcomes, type CaseCloseOutcome, type FollowUpCase } from '../../api/cases-contract.ts';
import { cleanText } from '../../api/contract.ts';
import { enqueueCaseClose } from '../../api/cases.ts';
import { notifySaved } from '../../components/notify.ts';
import { closeOutcomeLabels } from './case-labels.ts';

export function CloseCaseDialog({ found, onClose }: { found: FollowUpCase; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [outcome, setOutcome] = useState<CaseCloseOutcome | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const save = () => {
    setTried(true);
    if (!outcome) return;
    const text = note.trim() ? cleanText(note.trim()).slice(0, CASE_NOTE_MAX) : undefined;
    void enqueueCaseClose(found.studentId, found.id, outcome, found.version, text).then(() => notifySaved(t`Follow-up closed`));
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t`Close the follow-up`} centered closeButtonProps={{ 'aria-label': t`Close` }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <Radio.Group
            label={t`Outcome`}
            withAsterisk
            value={outcome}
            onChange={(value) => setOutcome(value as CaseCloseOutcome)}
            error={tried && !outcome ? t`Choose the outcome` : undefined}
          >
            <Stack gap="sm" mt="xs">
              {caseCloseOutcomes.map((code, index) => (
                <Radio key={code} value={code} label={i18n._(closeOutcomeLabels[code])} data-autofocus={index === 0 ? true : undefined} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t`Note`}
            autosize
            minRows={2}
            maxLength={CASE_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" mih={44} data-testid="close-save">
              <Trans>Close follow-up</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
