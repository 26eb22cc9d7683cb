import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconToggleLeft, IconUserPlus } from '@tabler/icons-react';
import { RegisteredLinks, type Registered } from './registered-links.tsx';
import type { EnumName, Student } from '../../api/contract.ts';
import { enqueueStudentUpdate } from '../../api/student-records.ts';
import { studentKeys } from '../../api/students.ts';
import { queueStudentRegistration, waitForRegistration, type StudentDocumentPayload } from '../../api/student-registration.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { BackButton, BackToStudents } from '../../components/back-button.tsx';
import { notify, notifySaved } from '../../components/notify.ts';
import { useEnumOptions } from '../../components/use-enum.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { AddressFields } from './address-fields.tsx';
import { useFormState, type FieldErrors, type TextField } from './use-form-state.ts';
import { documentPayload, DocumentUploader, type QueuedDocument } from './document-uploader.tsx';
import {
  clearDraft,
  clearDraftDocuments,
  clearEditDraft,
  dropDraftDocument,
  keepDraftDocuments,
  readDraft,
  readDraftDocuments,
  readEditDraft,
  writeDraft,
  writeEditDraft,
} from './registration-draft.ts';
import { checkRegistration, emptyRegistration, toStudentCreate, valuesOfStudent, type RegistrationValues } from './registration-values.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { onOutboxSynced } from '../../offline/outbox.ts';
import { focusFirstInvalidSoon } from '../../components/focus-first-invalid.ts';
import { useRefusalText } from '../../components/refusal-text.ts';
import { toastPositionAwayFrom } from '../../components/toast-position.ts';

const fieldsetReset = { border: 0, padding: 0, margin: 0, minWidth: 0 };
/** The refusals the server names (contract writeRefusals) that are about one field of the form. */
const refusedFields: Partial<Record<string, keyof RegistrationValues>> = { 'cpf-taken': 'registrationNumber' };

type Props = {
  /** How long to wait for the server before telling the user the registration is kept on this device. */
  outcomeTimeoutMs?: number;
  /** Edit this stored record instead (alunos/$id/editar): prefilled, the same checks, sent with its version. */
  editing?: Student;
  /** After an edit is saved on the device. */
  onSaved?: () => void;
};

/**
 * alunos/cadastro (SPEC §2, §4, §5, §7, §8): the registration form; submit always goes through the outbox. The same
 * form edits a student (alunos/$id/editar): no draft, no documents, the edit queued with the record's version.
 */
export function StudentRegistrationPage({ outcomeTimeoutMs = 8_000, editing, onSaved }: Props) {
  const { can } = usePermissions();
  const { t, i18n } = useLingui();
  const refusalText = useRefusalText();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  // The version the edit started from, kept: a refetch (back to the tab) hands a newer record, and saving on it would
  // silently overwrite the other person's change instead of coming back as a conflict.
  const [startVersion] = useState(editing?.version ?? 0);
  // The history entry this form was opened in: its draft comes back on a reload or Back, never in a form opened anew.
  const entry = useLocation({ select: (location) => String(location.state.__TSR_key ?? location.state.key ?? '') });
  const [draft] = useState(() =>
    editing ? { clientId: editing.id, values: readEditDraft(editing.id, editing.version) ?? valuesOfStudent(editing), entry } : readDraft(entry),
  );
  // The client id of this registration; kept after a refusal (a re-submit must not register twice).
  const clientId = useRef(draft.clientId);
  const [documents, setDocuments] = useState<QueuedDocument[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The student just registered: the ways on to their profile, guardians and classes.
  const [registered, setRegistered] = useState<Registered | null>(null);
  const today = localIsoDate();
  const queryClient = useQueryClient();

  const form = useFormState<RegistrationValues>({
    initialValues: emptyRegistration,
    validate: (values) => {
      const errors: FieldErrors<RegistrationValues> = {};
      for (const [field, message] of Object.entries(checkRegistration(values))) errors[field as keyof RegistrationValues] = i18n._(message);
      return errors;
    },
    onValuesChange: (values) => {
      if (!editing) writeDraft({ clientId: clientId.current, values, entry: draft.entry });
      // Nothing changed from the record: nothing to keep.
      else if (JSON.stringify(values) === JSON.stringify(valuesOfStudent(editing))) clearEditDraft(editing.id);
      else writeEditDraft(editing.id, startVersion, values);
    },
  });

  useEffect(() => {
    // Bring back what was typed before a reload (reset() then goes back to an empty form, not to the draft).
    if (JSON.stringify(draft.values) !== JSON.stringify(emptyRegistration)) form.setValues(draft.values);
    // And the documents added to it (kept on the device: files do not fit in sessionStorage).
    if (!editing) {
      void readDraftDocuments(draft.clientId).then((kept) => {
        if (kept.length > 0 && clientId.current === draft.clientId) setDocuments((added) => (added.length > 0 ? added : kept));
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const enumSelect = (field: TextField<RegistrationValues>, label: string, options: { value: string; label: string }[]) => (
    <NativeSelect {...form.getInputProps(field)} label={label} data={options} />
  );
  const options: Record<
    Extract<EnumName, 'race' | 'gender' | 'socialProgram' | 'employmentStatus' | 'educationLevel' | 'schoolYear' | 'schoolShift'>,
    { value: string; label: string }[]
  > = {
    schoolYear: useEnumOptions('schoolYear', t`Select…`),
    schoolShift: useEnumOptions('schoolShift', t`Select…`),
    race: useEnumOptions('race', t`Select…`),
    gender: useEnumOptions('gender', t`Select…`),
    socialProgram: useEnumOptions('socialProgram', t`Select…`),
    employmentStatus: useEnumOptions('employmentStatus', t`Select…`),
    educationLevel: useEnumOptions('educationLevel', t`Select…`),
  };

  /**
   * A school year kept as written before issue 52 (text that names no code) is an option of its own, so the edit form
   * shows it and saving keeps it until someone picks a year from the list.
   */
  const withWrittenSchoolYear = (list: { value: string; label: string }[], value: string) =>
    value && !list.some((option) => option.value === value) ? [...list, { value, label: t`${value} (as written before)` }] : list;

  /** The form keeps the files; should the device not (see keepDraftDocuments), the user hears that a reload loses them. */
  const keepDocuments = (kept: QueuedDocument[]) =>
    void keepDraftDocuments(clientId.current, kept).then((stored) => {
      if (!stored) {
        notify({
          message: t`Documents added to the form could not be kept on this device: register before you reload or close this page.`,
          severity: 'warning',
          closable: true,
        });
      }
    });
  const addDocument = (doc: QueuedDocument) => {
    setDocuments((previous) => [...previous, doc]);
    keepDocuments([doc]);
  };
  const removeDocument = (id: string) => {
    setDocuments((previous) => previous.filter((doc) => doc.id !== id));
    void dropDraftDocument(clientId.current, id);
  };

  const startOver = () => {
    void clearDraftDocuments(clientId.current);
    clientId.current = crypto.randomUUID();
    form.reset();
    setDocuments([]);
    setRefusal(null);
    clearDraft();
  };

  const saveEdit = async (values: RegistrationValues) => {
    if (!editing) return;
    const { id: _id, ...fields } = toStudentCreate(values, editing.id, true);
    try {
      await enqueueStudentUpdate(editing.id, { ...fields, version: startVersion });
    } catch {
      notify({ message: t`The change could not be saved on this device. Please try again.`, severity: 'error', closable: true });
      return;
    }
    clearEditDraft(editing.id);
    notifySaved(t`Changes saved.`);
    onSaved?.();
  };

  // A refused registration sent after all from the list of changes (its Retry): the server has it as it was saved. The
  // form starts over and says so, rather than re-submit under its id, which the server would take as a resend of a
  // registration it has and leave unchanged (the corrections typed here would be lost without a word).
  useEffect(() => {
    if (refusal === null) return;
    return onOutboxSynced((item) => {
      if (item.id !== clientId.current) return;
      notify({
        message: t`The refused registration was sent from the list of changes, as it was first saved. To change it, open the student's record.`,
        severity: 'info',
        closable: true,
      });
      startOver();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal]);

  const submit = async (values: RegistrationValues) => {
    if (editing) return saveEdit(values);
    setSubmitting(true);
    setRefusal(null);
    setRegistered(null);
    try {
      const student = toStudentCreate(values, clientId.current);
      const payloads: StudentDocumentPayload[] = documents.map(documentPayload);
      let queued;
      try {
        queued = await queueStudentRegistration(student, payloads);
      } catch {
        // Not even stored on the device (storage blocked or full): the form keeps everything.
        notify({ message: t`Error registering student. Please try again.`, severity: 'error', closable: true });
        return;
      }
      // On the device now: the outbox owns it (and its own copies of the files). A reload from here on must not bring the
      // form back under this client id: submitting it again would replace the stored registration.
      clearDraft();
      void clearDraftDocuments(clientId.current);
      const outcome = await waitForRegistration(queued, { timeoutMs: outcomeTimeoutMs });
      // The list must show the new student from the server, not a copy cached before it existed.
      if (outcome.status === 'sent' || outcome.status === 'document-failed') void queryClient.invalidateQueries({ queryKey: studentKeys.all });
      // The outcome's toasts keep clear of the button that sent it (on a tablet the toast area lies over it).
      const position = toastPositionAwayFrom(submitRef.current);
      switch (outcome.status) {
        case 'sent':
          notify({ message: t`Student registered successfully!`, severity: 'success', position });
          setRegistered({ id: student.id, name: student.socialName || student.fullName });
          startOver();
          break;
        case 'document-failed':
          notify({ message: t`Student registered successfully!`, severity: 'success', position });
          notify({ message: t`Error adding student document`, severity: 'error', closable: true, position });
          setRegistered({ id: student.id, name: student.socialName || student.fullName });
          startOver();
          break;
        case 'refused': {
          notify({ message: t`Error registering student. Please try again.`, severity: 'error', closable: true, position });
          const reason = refusalText(outcome) ?? '';
          setRefusal(reason);
          // The field the server refused is marked with the reason and focused, to be corrected there.
          const field = refusedFields[outcome.reasonCode ?? ''];
          if (field) {
            form.setFieldError(field, reason);
            focusFirstInvalidSoon(() => formRef.current);
          }
          // Refused: the form is the user's again, reload-safe, and a re-submit replaces the refused attempt.
          writeDraft({ clientId: clientId.current, values, entry: draft.entry });
          keepDocuments(documents);
          break;
        }
        case 'pending':
          notify({
            message: t`Saved on this device. The registration will be sent as soon as the server can be reached.`,
            severity: 'info',
            closable: true,
            position,
          });
          startOver();
          break;
      }
    } finally {
      setSubmitting(false);
    }
  };

  const focusFirstError = () => {
    // Let Mantine render the errors first; nothing typed is touched.
    focusFirstInvalidSoon(() => formRef.current);
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
        <PageTitle>{editing ? t`Edit student` : t`Student registration`}</PageTitle>
        {editing ? (
          <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/alunos/$id" params={{ id: editing.id }} />}>
            <Trans>Back to the student</Trans>
          </BackButton>
        ) : (
          <Group gap="sm">
            <BackToStudents />
            {/* SPEC §4: present but inert. */}
            <Button disabled mih={44} leftSection={<IconToggleLeft size={18} aria-hidden />} data-testid="toggle-status">
              <Trans>Toggle status</Trans>
            </Button>
          </Group>
        )}
      </Group>
      <Text mb="md" size="sm">
        <Trans>Only the full name is required. Everything is saved on this device first, so nothing is lost without a connection.</Trans>
      </Text>
      <Stack gap="lg">
        {registered && <RegisteredLinks registered={registered} />}
        {refusal !== null && (
          <Alert color="red" c="red.9" variant="light" title={t`The server did not register the student`} role="alert">
            <Text size="sm">{refusal ? t`Reason: ${refusal}` : t`No reason was given.`}</Text>
            <Text size="sm">
              <Trans>Your answers are still here. Check them and send again; the student will not be registered twice.</Trans>
            </Text>
          </Alert>
        )}
        <form id={formId} ref={formRef} noValidate onSubmit={form.onSubmit((values) => void submit(values), focusFirstError)}>
          {/* While a registration is being sent the form is read-only: what it shows is on its way, and the form is
              cleared (or handed back, if refused) when the outcome is known. */}
          <fieldset disabled={submitting} style={fieldsetReset}>
            <Stack gap="lg">
              <Paper withBorder p="md" component="fieldset" m={0}>
                <Title order={2} size="h4" mb="sm" component="legend" style={{ float: 'left', width: '100%' }}>
                  <Trans>Personal data</Trans>
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ clear: 'both' }}>
                  <TextInput {...form.getInputProps('fullName')} label={t`Full name`} withAsterisk autoComplete="off" />
                  <TextInput
                    {...form.getInputProps('socialName')}
                    label={t`Social name`}
                    description={t`The name the child goes by (nome social): shown in place of the full name on lists and rolls.`}
                    autoComplete="off"
                    maxLength={200}
                  />
                  <TextInput
                    {...form.getInputProps('registrationNumber')}
                    label={t`CPF`}
                    description={t`11 digits, with or without dots and hyphen.`}
                    inputMode="numeric"
                    maxLength={14}
                  />
                  <TextInput {...form.getInputProps('dateOfBirth')} type="date" max={today} label={t`Date of birth`} />
                  <TextInput {...form.getInputProps('enrollmentDate')} type="date" max={today} label={t`Enrollment date`} />
                  {enumSelect('race', t`Race`, options.race)}
                  {enumSelect('gender', t`Gender`, options.gender)}
                </SimpleGrid>
              </Paper>
              <Paper withBorder p="md" component="fieldset" m={0}>
                <Title order={2} size="h4" mb="sm" component="legend" style={{ float: 'left', width: '100%' }}>
                  <Trans>School and program</Trans>
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ clear: 'both' }}>
                  <TextInput {...form.getInputProps('schoolName')} label={t`School name`} />
                  {enumSelect('schoolYear', t`School year`, withWrittenSchoolYear(options.schoolYear, form.values.schoolYear))}
                  {enumSelect('schoolShift', t`School shift`, options.schoolShift)}
                  <NativeSelect
                    {...form.getInputProps('gradeGap')}
                    label={t`Age-grade distortion`}
                    description={t`Two or more years behind the school year for the child's age (defasagem escolar).`}
                    data={[
                      { value: '', label: t`Not known` },
                      { value: 'yes', label: t`Yes` },
                      { value: 'no', label: t`No` },
                    ]}
                  />
                  {enumSelect('educationLevel', t`Education level`, options.educationLevel)}
                  {enumSelect('employmentStatus', t`Employment status`, options.employmentStatus)}
                  {enumSelect('socialProgram', t`Social program`, options.socialProgram)}
                </SimpleGrid>
              </Paper>
              <Paper withBorder p="md" component="fieldset" m={0}>
                <Title order={2} size="h4" mb="sm" component="legend" style={{ float: 'left', width: '100%' }}>
                  <Trans>Address</Trans>
                </Title>
                <div style={{ clear: 'both' }}>
                  <AddressFields form={form} />
                </div>
              </Paper>
            </Stack>
          </fieldset>
        </form>
        {/* Outside the <form>: Enter in the uploader must not submit the registration. */}
        {can('documents:write') && !editing && (
          <Paper withBorder p="md">
            <DocumentUploader documents={documents} onAdd={addDocument} onRemove={removeDocument} />
          </Paper>
        )}
        <Group justify="flex-end">
          <Button
            ref={submitRef}
            type="submit"
            form={formId}
            size="md"
            mih={44}
            loading={submitting}
            leftSection={<IconUserPlus size={20} aria-hidden />}
          >
            {editing ? t`Save changes` : t`Register student`}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
