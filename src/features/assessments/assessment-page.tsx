/**
 * alunos/$id/anamnese: a child's assessment forms (anamnese), a tab per form the signed-in role reads (none for a role
 * that reads one). The form's writers (formRights) fill it, offline too: the answers are kept on the device as they are
 * typed (a draft, like a roll call's) and saved through the outbox; its psychologist or social worker marks an intern's
 * answers reviewed. Answers show with the questions of the version they were written on. Printed on A4 as questions and
 * answers.
 */
import { memo, useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import {
  assessmentFormTypes,
  missingRequired,
  type Answers,
  type Assessment,
  type AssessmentForm,
  type AssessmentFormType,
  type Question,
} from '../../api/assessment-contract.ts';
import {
  assessmentFormsQueryOptions,
  enqueueAssessmentReview,
  enqueueAssessmentSave,
  studentAssessmentsQueryOptions,
  type AssessmentReviewPayload,
  type AssessmentSavePayload,
} from '../../api/assessments.ts';
import { studentQueryOptions } from '../../api/student-records.ts';
import { formRights } from '../../api/permissions.ts';
import { cleanText } from '../../api/contract.ts';
import { accessLabels } from '../../components/enum-labels.ts';
import { notify, notifySaved } from '../../components/notify.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { PendingBadge } from '../../components/pending-badge.tsx';
import { ReadFailure } from '../../components/access-record-failure.tsx';
import { usePermissions } from '../../components/use-permissions.ts';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { useAssessmentDraft } from './use-assessment-draft.ts';
import { usePrintedAnswers } from './use-printed-answers.ts';
import { QuestionField } from './question-field.tsx';
import classes from './assessment.module.css';

type Props = { studentId: string; formType: AssessmentFormType | undefined; onFormChange: (formType: AssessmentFormType) => void };

export function AssessmentPage({ studentId, formType, onFormChange }: Props) {
  const { t } = useLingui();
  const { me } = usePermissions();
  const student = useQuery(studentQueryOptions(studentId));
  const forms = useQuery(assessmentFormsQueryOptions());
  const answers = useQuery(studentAssessmentsQueryOptions(studentId));
  const readable = assessmentFormTypes.filter((type) => me && formRights(me.access, type).read);
  const current = formType && readable.includes(formType) ? formType : readable[0];
  const formLabel = (type: AssessmentFormType) => (type === 'PSICOLOGIA' ? t`Psychological assessment` : t`Social assessment`);
  const section = (type: AssessmentFormType, formList: AssessmentForm[], saved: Assessment[]) => (
    <>
      <Title order={2} size="h3" mb="sm">
        {formLabel(type)}
      </Title>
      <FormPanel
        studentId={studentId}
        formType={type}
        forms={formList}
        saved={saved.find((answer) => answer.formType === type)}
        access={me?.access}
      />
    </>
  );

  return (
    <div className={classes.sheet}>
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
        {/* The civil name: this is a document of the child's record. */}
        <PageTitle>{student.data ? t`Anamnese: ${student.data.fullName}` : t`Anamnese`}</PageTitle>
        <Group className={classes.noPrint}>
          <Button variant="default" mih={44} leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            <Trans>Print</Trans>
          </Button>
          <Button
            variant="subtle"
            px="xs"
            mih={44}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            renderRoot={(props) => <Link {...props} to="/alunos/$id" params={{ id: studentId }} />}
          >
            <Trans>Back to the profile</Trans>
          </Button>
        </Group>
      </Group>
      {forms.error || answers.error ? (
        <ReadFailure error={forms.error ?? answers.error} onRetry={() => void Promise.all([forms.refetch(), answers.refetch()])}>
          <Trans>The assessment forms could not be loaded.</Trans>
        </ReadFailure>
      ) : !forms.data || !answers.data || !current || !me ? (
        // Not before the role is known either: the forms it reads decide between one form and tabs, and a form must not
        // be mounted again under the other (its printed copy and its field's state start over).
        <Loader aria-label={t`Loading`} />
      ) : readable.length === 1 ? (
        // One form the role reads (a psychologist's, a social worker's, their interns'): no tabs to choose between, and
        // none to render in the form's opening (issue 52's goal: some 20 ms at 4x CPU).
        section(current, forms.data, answers.data)
      ) : (
        <Tabs value={current} onChange={(value) => value && onFormChange(value as AssessmentFormType)} keepMounted={false}>
          <Tabs.List className={classes.noPrint} mb="md">
            {readable.map((type) => (
              <Tabs.Tab key={type} value={type} mih={44}>
                {formLabel(type)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {readable.map((type) => (
            <Tabs.Panel key={type} value={type}>
              {section(type, forms.data, answers.data)}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </div>
  );
}

function FormPanel(props: {
  studentId: string;
  formType: AssessmentFormType;
  forms: AssessmentForm[];
  saved: Assessment | undefined;
  access?: string;
}) {
  const { studentId, formType, forms, saved, access } = props;
  const rights = access ? formRights(access, formType) : { read: true, write: false, review: false };
  const saves = useOutboxItems(outboxKinds.assessmentSave);
  const reviews = useOutboxItems(outboxKinds.assessmentReview);
  const ofThis = (payload: unknown) => {
    const write = payload as { studentId?: string; formType?: string };
    return write.studentId === studentId && write.formType === formType;
  };
  const waiting = saves.findLast((row) => ofThis(row.payload));
  const waitingReview = reviews.findLast((row) => ofThis(row.payload));
  const waitingInput = (waiting?.payload as AssessmentSavePayload | undefined)?.input;
  const latest = forms.filter((form) => form.formType === formType).at(-1);
  // What the answers are now on this device: the save waiting to be sent, else the server's.
  const start = useMemo(
    () => ({
      formVersion: waitingInput?.formVersion ?? saved?.formVersion ?? latest?.version ?? 1,
      answers: waitingInput?.answers ?? saved?.answers ?? {},
    }),
    [waitingInput, saved, latest],
  );
  return (
    <Stack gap="md">
      <WrittenBy saved={saved} />
      <PendingBadge
        state={waiting?.state === 'failed' || waitingReview?.state === 'failed' ? 'failed' : waiting || waitingReview ? 'pending' : undefined}
        className={classes.noPrint}
      />
      {rights.review && saved && !saved.reviewed && !waitingReview && <ReviewButton studentId={studentId} saved={saved} />}
      {rights.write ? (
        <EditableForm studentId={studentId} formType={formType} forms={forms} start={start} basedOn={saved?.version ?? 0} />
      ) : saved ? (
        <ReadOnlyAnswers questions={questionsOf(forms, formType, saved.formVersion)} answers={saved.answers} />
      ) : (
        <Text>
          <Trans>No answers yet.</Trans>
        </Text>
      )}
    </Stack>
  );
}

const questionsOf = (forms: AssessmentForm[], formType: AssessmentFormType, version: number): Question[] =>
  forms.find((form) => form.formType === formType && form.version === version)?.questions ?? [];

function WrittenBy({ saved }: { saved: Assessment | undefined }) {
  const { t, i18n } = useLingui();
  if (!saved) return null;
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'short', timeStyle: 'short' });
  const role = accessLabels[saved.writtenByAccess] ? i18n._(accessLabels[saved.writtenByAccess]!) : saved.writtenByAccess;
  return (
    <Group gap="sm" data-testid="assessment-status">
      <Text size="sm">{t`Written by ${saved.writtenBy} (${role}) on ${when(saved.writtenAt)}`}</Text>
      {saved.reviewed ? (
        <Badge color="green" variant="light">
          {t`Reviewed by ${saved.reviewedBy ?? ''} on ${saved.reviewedAt ? when(saved.reviewedAt) : ''}`}
        </Badge>
      ) : (
        <Badge color="orange" variant="light">
          <Trans>Not reviewed yet</Trans>
        </Badge>
      )}
    </Group>
  );
}

function ReviewButton({ studentId, saved }: { studentId: string; saved: Assessment }) {
  const { t } = useLingui();
  const review = async () => {
    try {
      await enqueueAssessmentReview({ studentId, formType: saved.formType, review: { version: saved.version } } satisfies AssessmentReviewPayload);
      notifySaved(t`Marked as reviewed`);
    } catch {
      notify({ message: t`This could not be saved on this device. Try again.`, severity: 'error' });
    }
  };
  return (
    <Group className={classes.noPrint}>
      <Button mih={44} onClick={() => void review()}>
        <Trans>Mark as reviewed</Trans>
      </Button>
    </Group>
  );
}

type EditableProps = {
  studentId: string;
  formType: AssessmentFormType;
  forms: AssessmentForm[];
  start: { formVersion: number; answers: Answers };
  basedOn: number;
};

function EditableForm({ studentId, formType, forms, start, basedOn }: EditableProps) {
  const { t } = useLingui();
  const draft = useAssessmentDraft(studentId, formType, start);
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const questions = questionsOf(forms, formType, draft.formVersion);
  const printed = usePrintedAnswers(draft.answers);
  if (!draft.loaded) return <Loader aria-label={t`Loading`} />;

  const save = async () => {
    const left = missingRequired(questions, draft.answers);
    setMissing(new Set(left));
    if (left.length > 0) {
      notify({ message: t`Please answer the required questions.`, severity: 'error' });
      return;
    }
    const answers = cleanAnswers(questions, draft.answers);
    try {
      await enqueueAssessmentSave({ studentId, formType, input: { formVersion: draft.formVersion, answers, basedOn } });
      await draft.clear();
      notifySaved(t`Answers saved`);
    } catch {
      notify({ message: t`This could not be saved on this device. Try again.`, severity: 'error' });
    }
  };

  return (
    <>
      <form
        className={classes.noPrint}
        aria-label={t`Answers`}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          {questions.map((question, index) => (
            <QuestionField
              key={question.id}
              number={index + 1}
              question={question}
              answer={draft.answers[question.id]}
              missing={missing.has(question.id)}
              onAnswer={draft.setAnswer}
            />
          ))}
          {draft.hasDraft && (
            <Alert color="blue" data-testid="assessment-draft">
              <Trans>Your answers are kept on this device until you save them.</Trans>
            </Alert>
          )}
          <Group>
            <Button type="submit" mih={44}>
              <Trans>Save answers</Trans>
            </Button>
            {draft.hasDraft && (
              <Button variant="default" mih={44} onClick={() => void draft.clear()}>
                <Trans>Discard changes</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      <div className={classes.printOnly}>{printed && <ReadOnlyAnswers questions={questions} answers={printed} />}</div>
    </>
  );
}

/** Only what each question's type holds, text cleaned to the rule for text (a detail of a 'no' is kept: it may say why). */
function cleanAnswers(questions: readonly Question[], answers: Answers): Answers {
  const cleaned: Answers = {};
  for (const question of questions) {
    const answer = answers[question.id];
    if (!answer) continue;
    if (question.type === 'TEXT' && answer.text?.trim()) cleaned[question.id] = { text: cleanText(answer.text) };
    if (question.type === 'YES_NO' && answer.yes !== undefined)
      cleaned[question.id] = { yes: answer.yes, ...(answer.detail?.trim() ? { detail: cleanText(answer.detail) } : {}) };
    if (question.type === 'CHOICE' && answer.choice) cleaned[question.id] = { choice: answer.choice };
  }
  return cleaned;
}

const ReadOnlyAnswers = memo(function ReadOnlyAnswers({ questions, answers }: { questions: readonly Question[]; answers: Answers }) {
  const { t } = useLingui();
  const text = (question: Question): string => {
    const answer = answers[question.id];
    if (!answer) return '—';
    if (question.type === 'TEXT') return answer.text || '—';
    if (question.type === 'YES_NO') {
      const yesNo = answer.yes === undefined ? '—' : answer.yes ? t`Yes` : t`No`;
      return answer.detail ? `${yesNo}. ${answer.detail}` : yesNo;
    }
    return answer.choice || '—';
  };
  return (
    <Paper withBorder p="md">
      <dl className={classes.answers}>
        {questions.map((question, index) => (
          <div key={question.id}>
            <dt>{`${index + 1}. ${question.text}`}</dt>
            <dd>{text(question)}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
});
