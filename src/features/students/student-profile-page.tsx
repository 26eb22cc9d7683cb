/**
 * alunos/$id: a student's profile. Every registered field and the status, the guardians, the documents (open), the
 * classes the student is enrolled in (enrol in another, end one), the attendance percentage; edit, deactivate and
 * reactivate. Every change goes through the outbox, with the record's version.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Loader, Modal, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconEdit, IconEye, IconFileDownload, IconHistory, IconToggleLeft, IconTrash } from '@tabler/icons-react';
import type { EnumName, Student } from '../../api/contract.ts';
import { classesQueryOptions } from '../../api/classes.ts';
import { guardiansQueryOptions } from '../../api/guardians.ts';
import {
  documentFile,
  documentsQueryOptions,
  enqueueEnrolment,
  enqueueStudentStatus,
  pendingEnrolments,
  studentQueryOptions,
  withWaitingEdit,
} from '../../api/student-records.ts';
import { refusalOf } from '../../lib/db.ts';
import { useRefusalText } from '../../components/refusal-text.ts';
import { BackToStudents } from '../../components/back-button.tsx';
import { notify, notifySaved } from '../../components/notify.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { useEnumLabel } from '../../components/use-enum.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { useScreenCodeWhenIdle } from '../../components/use-screen-code-when-idle.ts';
import { formRights } from '../../api/permissions.ts';
import { StudentFrequency } from './student-frequency.tsx';
import { DocumentViewer, viewableDocument } from './document-viewer.tsx';
import { localIsoDate, localMidnight } from '../../lib/calendar-date.ts';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import { onOutboxSynced } from '../../offline/outbox.ts';
import { enqueueStudentDocumentRemove, type StudentDocumentPayload, type StudentDocumentRemovePayload } from '../../api/student-registration.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { PendingBadge } from '../../components/pending-badge.tsx';
import { formatCpfForDisplay } from '../../components/person-card.tsx';
import { formatPostcode } from '../../api/postcode.ts';
import { ConfirmRemoval } from '../../components/confirm-removal.tsx';
import { AccessRecordFailure, accessRecordFailureText, isAccessRecordFailure, ReadFailure } from '../../components/access-record-failure.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { RecordNotFoundError } from '../../lib/http.ts';
import { downloadFile } from '../../lib/download-file.ts';

/**
 * `documentAdder`: the "add document" part, which its route composes in (it belongs to the registration feature);
 * `rights`: the child's data rights (consents, export; issue 51), composed in the same way.
 */
/** followUp: the child's follow-up cases (issue 50), which the route composes in. */
export function StudentProfilePage({
  studentId,
  documentAdder,
  rights,
  followUp,
}: {
  studentId: string;
  documentAdder?: ReactNode;
  rights?: ReactNode;
  followUp?: (student: Student) => ReactNode;
}) {
  const { t } = useLingui();
  const query = useQuery(studentQueryOptions(studentId));
  // An edit made on this device and not sent yet shows already (marked as waiting).
  const edits = useOutboxItems(outboxKinds.studentUpdate);
  const shown = query.data ? withWaitingEdit(query.data, edits) : undefined;
  const student = shown?.student;
  // The server says there is no such student (a 404): not a connection to check again.
  if (!student && query.error instanceof RecordNotFoundError) return <RecordNotFound record="student" back={<BackToStudents />} />;
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
        <PageTitle>{student ? student.fullName : t`Student`}</PageTitle>
        <BackToStudents />
      </Group>
      {student ? (
        <Profile student={student} editWaiting={shown?.waiting ?? false} documentAdder={documentAdder} rights={rights} followUp={followUp} />
      ) : query.isError || query.fetchStatus === 'paused' ? (
        <ReadFailure error={query.error} onRetry={() => void query.refetch()}>
          <Text c="red.9" role="alert">
            <Trans>This student could not be loaded. Check the connection and try again.</Trans>
          </Text>
        </ReadFailure>
      ) : (
        <Loader aria-label={t`Loading`} />
      )}
    </>
  );
}

function Field({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

function Profile({
  student,
  editWaiting,
  documentAdder,
  rights,
  followUp,
}: {
  student: Student;
  editWaiting: boolean;
  documentAdder: ReactNode;
  rights: ReactNode;
  followUp: ((student: Student) => ReactNode) | undefined;
}) {
  const { t, i18n } = useLingui();
  const { can } = usePermissions();
  const enumLabel = {
    race: useEnumLabel('race'),
    gender: useEnumLabel('gender'),
    socialProgram: useEnumLabel('socialProgram'),
    employmentStatus: useEnumLabel('employmentStatus'),
    educationLevel: useEnumLabel('educationLevel'),
    schoolYear: useEnumLabel('schoolYear'),
    schoolShift: useEnumLabel('schoolShift'),
  } satisfies Partial<Record<EnumName, (code: string) => string>>;
  const day = (value: string | undefined) => (value ? i18n.date(localMidnight(value), { dateStyle: 'medium' }) : undefined);
  const code = (name: keyof typeof enumLabel, value: string | undefined) => (value ? enumLabel[name](value) : undefined);
  const [statusOpen, setStatusOpen] = useState(false);
  const address = [
    student.address.street,
    student.address.number,
    student.address.complement,
    student.address.neighborhood,
    [student.address.city, student.address.state].filter(Boolean).join(' - '),
    student.address.code && formatPostcode(student.address.code),
  ]
    .filter(Boolean)
    .join(', ');
  const statusRows = useOutboxItems(outboxKinds.studentStatus);
  const statusRow = statusRows.findLast((row) => (row.payload as { studentId?: string }).studentId === student.id);
  const refusalText = useRefusalText();

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Badge variant="outline" color="dark" size="lg" data-testid="student-status">
          {student.active ? t`Active student` : t`Inactive student`}
        </Badge>
        {!student.active && student.statusDate && (
          <Text size="sm">
            <Trans>
              Since {day(student.statusDate)}: {student.statusReason}
            </Trans>
          </Text>
        )}
        {student.anonymisedAt && (
          <Text size="sm" fw={600} data-testid="student-anonymised">
            <Trans>Anonymised on {day(student.anonymisedAt.slice(0, 10))}: their personal data was removed for good.</Trans>
          </Text>
        )}
        <PendingBadge
          state={statusRow?.state === 'failed' ? 'failed' : editWaiting || statusRow ? 'pending' : undefined}
          reason={statusRow ? refusalText(refusalOf(statusRow)) : undefined}
        />
      </Group>
      {(can('students:write') || can('access-log:read')) && (
        <Group>
          {can('students:write') && (
            <>
              <Button
                renderRoot={(props) => <Link to="/alunos/$id/editar" params={{ id: student.id }} {...props} />}
                leftSection={<IconEdit size={18} aria-hidden />}
                mih={44}
              >
                <Trans>Edit student</Trans>
              </Button>
              <Button variant="default" leftSection={<IconToggleLeft size={18} aria-hidden />} mih={44} onClick={() => setStatusOpen(true)}>
                {student.active ? t`Deactivate` : t`Reactivate`}
              </Button>
            </>
          )}
          {/* Issue 56: the record of who read and changed this child's data is reached from the child, not only from the guardians. */}
          {can('access-log:read') && (
            <Button
              variant="default"
              leftSection={<IconHistory size={18} aria-hidden />}
              mih={44}
              renderRoot={(props) => <Link to="/alunos/$id/acessos" params={{ id: student.id }} {...props} />}
            >
              <Trans>Access record</Trans>
            </Button>
          )}
        </Group>
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          <Trans>Registration</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Field label={t`Full name`} value={student.fullName} />
          {/* Issue 52: the profile names the child by the civil name (a record, as documents do) and shows the social
              name as such; every list and roll shows the social name in its place. */}
          {student.socialName ? <Field label={t`Social name`} value={student.socialName} /> : null}
          <Field label={t`CPF`} value={student.registrationNumber && formatCpfForDisplay(student.registrationNumber)} />
          <Field label={t`Date of birth`} value={day(student.dateOfBirth)} />
          <Field label={t`Enrollment date`} value={day(student.enrollmentDate)} />
          <Field label={t`Race`} value={code('race', student.race)} />
          <Field label={t`Gender`} value={code('gender', student.gender)} />
          <Field label={t`School name`} value={student.schoolName} />
          {/* A code's label, or the text kept as written before the list of school years. */}
          <Field label={t`School year`} value={code('schoolYear', student.schoolYear)} />
          <Field label={t`School shift`} value={code('schoolShift', student.schoolShift)} />
          <Field label={t`Age-grade distortion`} value={student.gradeGap === undefined ? undefined : student.gradeGap ? t`Yes` : t`No`} />
          <Field label={t`Education level`} value={code('educationLevel', student.educationLevel)} />
          <Field label={t`Employment status`} value={code('employmentStatus', student.employmentStatus)} />
          <Field label={t`Social program`} value={code('socialProgram', student.socialProgram)} />
          <Field label={t`Address`} value={address} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          <Trans>Attendance</Trans>
        </Title>
        <StudentFrequency student={student} />
      </Paper>
      {followUp?.(student)}
      <Enrolments student={student} />
      {rights}
      {can('assessments:read') && <AssessmentLinks studentId={student.id} />}
      {can('guardians:read') && <Guardians studentId={student.id} />}
      {can('documents:read') && <Documents studentId={student.id} adder={can('documents:write') ? documentAdder : null} />}
      {statusOpen && <StatusModal student={student} onClose={() => setStatusOpen(false)} />}
    </Stack>
  );
}

/**
 * A link per anamnese form the role reads (the forms load on their own page, alunos/$id/anamnese, whose code and texts
 * load while the profile is idle: a first opening waits for the child's answers alone).
 */
function AssessmentLinks({ studentId }: { studentId: string }) {
  const { t } = useLingui();
  const { me } = usePermissions();
  useScreenCodeWhenIdle('/alunos/$id/anamnese', 'assessments');
  const forms = [
    { form: 'PSICOLOGIA' as const, label: t`Psychological assessment` },
    { form: 'SOCIAL' as const, label: t`Social assessment` },
  ].filter(({ form }) => !me || formRights(me.access, form).read);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        <Trans>Anamnese</Trans>
      </Title>
      <Group>
        {forms.map(({ form, label }) => (
          <Button
            key={form}
            variant="default"
            mih={44}
            renderRoot={(props) => <Link to="/alunos/$id/anamnese" params={{ id: studentId }} search={{ form }} {...props} />}
          >
            {label}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}

function StatusModal({ student, onClose }: { student: Student; onClose: () => void }) {
  const { t } = useLingui();
  const [date, setDate] = useState(localIsoDate());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deactivating = student.active;
  const save = async () => {
    if (!reason.trim()) return setError(t`Give a reason.`);
    if (!date) return setError(t`Enter a valid date.`);
    if (date > localIsoDate()) return setError(t`A deactivation or reactivation cannot be dated after today.`);
    await enqueueStudentStatus(student.id, { active: !deactivating, date, reason: reason.trim(), version: student.version });
    notifySaved(deactivating ? t`Deactivation saved.` : t`Reactivation saved.`);
    onClose();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={deactivating ? t`Deactivate student` : t`Reactivate student`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack>
        <Text size="sm">
          {deactivating
            ? t`The student leaves every class roster from this date on. Their history stays.`
            : t`The student is back on the rosters of their classes from this date on.`}
        </Text>
        <TextInput type="date" label={t`Date`} value={date} max={localIsoDate()} onChange={(event) => setDate(event.currentTarget.value)} required />
        <TextInput label={t`Reason`} value={reason} onChange={(event) => setReason(event.currentTarget.value)} required error={error} />
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button mih={44} onClick={() => void save()}>
            {deactivating ? t`Deactivate` : t`Reactivate`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Enrolments({ student }: { student: Student }) {
  const { t, i18n } = useLingui();
  const { can } = usePermissions();
  const classes = useQuery(classesQueryOptions()).data ?? [];
  const titleOf = (id: string) => classes.find((group) => group.id === id)?.title ?? id;
  const rows = useOutboxItems();
  const pending = useMemo(() => pendingEnrolments(rows, { studentId: student.id }), [rows, student.id]);
  const [classId, setClassId] = useState('');
  const [from, setFrom] = useState(localIsoDate());
  const open = student.enrolments.filter((e) => !e.to);
  // An end waiting to be sent, or refused by the server (the enrolment stays open), by class.
  const ending = new Map(pending.filter((p) => p.change === 'end').map((p) => [p.classId, p]));
  const past = student.enrolments.filter((e) => e.to);
  const refusalText = useRefusalText();
  const [endingNow, setEndingNow] = useState<string | null>(null);
  const endingTitle = endingNow ? titleOf(endingNow) : '';
  const endEnrolment = async (classId: string) => {
    setEndingNow(null);
    await enqueueEnrolment('end', { studentId: student.id, classId, date: localIsoDate() });
  };
  const choices = classes.filter((group) => !open.some((e) => e.classId === group.id) && !pending.some((p) => p.classId === group.id));
  const day = (value: string) => i18n.date(localMidnight(value), { dateStyle: 'medium' });
  const enrol = async () => {
    if (!classId || !from) return;
    await enqueueEnrolment('start', { studentId: student.id, classId, date: from });
    setClassId('');
    notifySaved(t`Enrollment saved.`);
  };
  return (
    // Its id is where "Enroll in a class" after a registration leads (registered-links.tsx).
    <Paper withBorder p="md" id="turmas">
      <Title order={2} size="h4" mb="sm">
        <Trans>Classes</Trans>
      </Title>
      <Stack gap="xs" data-testid="profile-classes">
        {open.length === 0 && pending.length === 0 && (
          <Text>
            <Trans>Not enrolled in any class.</Trans>
          </Text>
        )}
        {open.map((e) => {
          const end = ending.get(e.classId);
          const leaving = end !== undefined && !end.refusal;
          return (
            <Group key={`${e.classId}-${e.from}`} justify="space-between">
              <Group gap="xs">
                <Text td={leaving ? 'line-through' : undefined}>
                  <Trans>
                    {titleOf(e.classId)}, since {day(e.from)}
                  </Trans>
                </Text>
                {end && <PendingBadge state={end.refusal ? 'failed' : 'removing'} reason={end.refusal && refusalText(end.refusal)} />}
              </Group>
              {can('enrolments:write') && !leaving && (
                <Button size="xs" mih={44} variant="default" onClick={() => setEndingNow(e.classId)}>
                  {t`End enrollment in ${titleOf(e.classId)}`}
                </Button>
              )}
            </Group>
          );
        })}
        {pending
          .filter((p) => p.change === 'start')
          .map((p) => (
            <Group key={p.rowId} gap="xs">
              <Text>{titleOf(p.classId)}</Text>
              <PendingBadge state={p.refusal ? 'failed' : 'pending'} reason={p.refusal && refusalText(p.refusal)} />
            </Group>
          ))}
        {past.map((e) => (
          <Text key={`${e.classId}-${e.from}`} size="sm" c="gray.7">
            <Trans>
              {titleOf(e.classId)}: {day(e.from)} to {day(e.to!)}
            </Trans>
          </Text>
        ))}
      </Stack>
      {can('enrolments:write') && !student.active && (
        <Text size="sm" mt="md" c="gray.7" data-testid="inactive-no-enrolment">
          <Trans>An inactive student is not enrolled in classes: reactivate the student first.</Trans>
        </Text>
      )}
      {can('enrolments:write') && student.active && (
        <Group align="flex-end" mt="md">
          <NativeSelect
            label={t`Enroll in a class`}
            value={classId}
            onChange={(event) => setClassId(event.currentTarget.value)}
            data={[{ value: '', label: t`Select…` }, ...choices.map((group) => ({ value: group.id, label: group.title }))]}
          />
          <TextInput type="date" label={t`From`} value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
          <Button mih={44} onClick={() => void enrol()} disabled={!classId}>
            <Trans>Enroll</Trans>
          </Button>
        </Group>
      )}
      <ConfirmRemoval
        opened={endingNow !== null}
        title={t`End enrollment`}
        confirmLabel={<Trans>End enrollment</Trans>}
        onCancel={() => setEndingNow(null)}
        onConfirm={() => endingNow && void endEnrolment(endingNow)}
      >
        <Trans>End the enrollment in {endingTitle} today? The student leaves the class's roll call from today; the attendance history is kept.</Trans>
      </ConfirmRemoval>
    </Paper>
  );
}

function Guardians({ studentId }: { studentId: string }) {
  const { t } = useLingui();
  const query = useQuery(guardiansQueryOptions(studentId));
  const guardians = query.data ?? [];
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          <Trans>Guardians</Trans>
        </Title>
        <Button variant="subtle" mih={44} renderRoot={(props) => <Link to="/alunos/$id/responsaveis" params={{ id: studentId }} {...props} />}>
          {t`Manage guardians`}
        </Button>
      </Group>
      {guardians.length === 0 && isAccessRecordFailure(query.error) ? (
        <AccessRecordFailure />
      ) : guardians.length === 0 ? (
        <Text>
          <Trans>No guardians registered.</Trans>
        </Text>
      ) : (
        <Stack gap={4}>
          {guardians.map((guardian) => (
            <Text key={guardian.id}>
              {guardian.name} · {guardian.phone}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function Documents({ studentId, adder }: { studentId: string; adder: ReactNode }) {
  const { t, i18n } = useLingui();
  const refusalText = useRefusalText();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const documentType = useEnumLabel('documentType');
  const documentsQuery = useQuery(documentsQueryOptions(studentId));
  const documents = documentsQuery.data ?? [];
  // What this device has not sent yet: documents added (listed, marked) and removals (marked, not offered again).
  const added = useOutboxItems(outboxKinds.studentDocument).filter(
    (row) => (row.payload as StudentDocumentPayload).studentId === studentId && !documents.some((doc) => doc.id === row.id),
  );
  const removals = new Set(
    useOutboxItems(outboxKinds.studentDocumentRemove)
      .map((row) => row.payload as StudentDocumentRemovePayload)
      .filter((payload) => payload.studentId === studentId)
      .map((payload) => payload.documentId),
  );
  const sizeText = (bytes: number) => (bytes < 1024 ? `${i18n.number(bytes)} B` : `${i18n.number(bytes / 1024, { maximumFractionDigits: 0 })} KB`);
  const [removing, setRemoving] = useState<{ id: string; fileName: string } | null>(null);
  const [viewing, setViewing] = useState<{ id: string; fileName: string; mimeType: string } | null>(null);
  // Documents added or removed through the outbox: the list is asked again once the server has them.
  useEffect(
    () =>
      onOutboxSynced((item) => {
        if (item.kind === outboxKinds.studentDocument || item.kind === outboxKinds.studentDocumentRemove) {
          void queryClient.invalidateQueries({ queryKey: documentsQueryOptions(studentId).queryKey });
        }
      }),
    [queryClient, studentId],
  );
  const remove = async (documentId: string) => {
    await enqueueStudentDocumentRemove(studentId, documentId);
    setRemoving(null);
    notify({ message: t`The document will be removed as soon as the server has the change.`, severity: 'success' });
  };
  const removingName = removing?.fileName ?? '';
  const open = async (documentId: string, fileName: string) => {
    try {
      downloadFile(await documentFile(studentId, documentId), fileName);
    } catch (error) {
      notify({
        message: isAccessRecordFailure(error)
          ? i18n._(accessRecordFailureText)
          : t`The document could not be downloaded. Check the connection and try again.`,
        severity: 'error',
        closable: true,
      });
    }
  };
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        <Trans>Documents</Trans>
      </Title>
      {documents.length === 0 && isAccessRecordFailure(documentsQuery.error) ? (
        <AccessRecordFailure />
      ) : documents.length === 0 && added.length === 0 ? (
        <Text>
          <Trans>No documents.</Trans>
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Type`}</Table.Th>
              <Table.Th>{t`Date`}</Table.Th>
              <Table.Th>{t`Size`}</Table.Th>
              <Table.Th>{t`File`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((doc) => (
              <Table.Tr key={doc.id}>
                <Table.Td>{documentType(doc.fileType)}</Table.Td>
                <Table.Td>{i18n.date(localMidnight(doc.date.slice(0, 10)), { dateStyle: 'medium' })}</Table.Td>
                <Table.Td>{sizeText(doc.size)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="wrap">
                    {viewableDocument(doc.mimeType) && (
                      <Button
                        size="xs"
                        mih={44}
                        variant="subtle"
                        leftSection={<IconEye size={16} aria-hidden />}
                        onClick={() => setViewing({ id: doc.id, fileName: doc.fileName, mimeType: doc.mimeType })}
                      >
                        {t`View ${doc.fileName}`}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      mih={44}
                      variant="subtle"
                      leftSection={<IconFileDownload size={16} aria-hidden />}
                      onClick={() => void open(doc.id, doc.fileName)}
                    >
                      {t`Download ${doc.fileName}`}
                    </Button>
                    {removals.has(doc.id) ? (
                      <PendingBadge state="removing" />
                    ) : (
                      can('documents:write') && (
                        <Button
                          size="xs"
                          mih={44}
                          variant="subtle"
                          color="red"
                          c="red.9"
                          leftSection={<IconTrash size={16} aria-hidden />}
                          onClick={() => setRemoving({ id: doc.id, fileName: doc.fileName })}
                        >
                          {t`Remove ${doc.fileName}`}
                        </Button>
                      )
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {added.map((row) => {
              const { meta, file } = row.payload as StudentDocumentPayload;
              return (
                <Table.Tr key={row.id}>
                  <Table.Td>{documentType(meta.fileType)}</Table.Td>
                  <Table.Td>{i18n.date(localMidnight(meta.date.slice(0, 10)), { dateStyle: 'medium' })}</Table.Td>
                  <Table.Td>{sizeText(file.size)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm">{meta.fileName}</Text>
                      <PendingBadge state={row.state} reason={refusalText(refusalOf(row))} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {adder ? <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{adder}</div> : null}
      <ConfirmRemoval
        opened={removing !== null}
        title={t`Remove document`}
        confirmLabel={<Trans>Remove document</Trans>}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing.id)}
      >
        <Trans>Remove {removingName}? The file is deleted from the server; to keep it, download it first.</Trans>
      </ConfirmRemoval>
      <DocumentViewer studentId={studentId} document={viewing} onClose={() => setViewing(null)} />
    </Paper>
  );
}
