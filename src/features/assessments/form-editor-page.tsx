/**
 * /configuracoes/formularios (issue 52 item 1, admins): edit an anamnese form's questions (add, remove, reorder, the
 * text, required or not, the answer type: free text, yes or no with a detail, a choice list with its options). Saving
 * makes a new version (PUT /assessment-forms/{formType} through the outbox, 'assessment-form.save', on the version the
 * edit started from); answers already written keep the version they were written on. The edit in progress is kept in
 * this tab's session storage (a reload keeps it), and a saved one waits in the outbox offline.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Loader, NativeSelect, Paper, Stack, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconArrowDown, IconArrowLeft, IconArrowUp, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import {
  assessmentFormTypes,
  QUESTION_TEXT_MAX,
  MAX_QUESTIONS,
  type AssessmentForm,
  type AssessmentFormType,
  type QuestionType,
} from '../../api/assessment-contract.ts';
import { assessmentFormsQueryOptions, enqueueAssessmentFormSave, type AssessmentFormSavePayload } from '../../api/assessments.ts';
import { cleanText } from '../../api/contract.ts';
import { notify, notifySaved } from '../../components/notify.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { PendingBadge } from '../../components/pending-badge.tsx';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { readSessionDraft, removeSessionDraft, writeSessionDraft } from '../../lib/session-draft.ts';
import { formChanged, formSavable, moved, newQuestionId, questionProblems, toEditable, toQuestions, type EditableQuestion } from './form-editor.ts';

type Props = { formType: AssessmentFormType | undefined; onFormChange: (formType: AssessmentFormType) => void };

export function FormEditorPage({ formType = 'PSICOLOGIA', onFormChange }: Props) {
  const { t } = useLingui();
  const forms = useQuery(assessmentFormsQueryOptions());
  const formLabel = (type: AssessmentFormType) => (type === 'PSICOLOGIA' ? t`Psychological assessment` : t`Social assessment`);
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
        <PageTitle>{t`Anamnese forms`}</PageTitle>
        <Button
          variant="subtle"
          px="xs"
          mih={44}
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          renderRoot={(props) => <Link {...props} to="/configuracoes" />}
        >
          <Trans>Back to the settings</Trans>
        </Button>
      </Group>
      <Text mb="md" maw="48rem">
        <Trans>
          Saving a form makes a new version of it. Answers already written keep the version they were written on and show with its questions; new
          answers use the new version.
        </Trans>
      </Text>
      {forms.isError && !forms.data ? (
        <Alert color="red" c="red.9" variant="light" role="alert">
          <Trans>The assessment forms could not be loaded.</Trans>
        </Alert>
      ) : !forms.data ? (
        <Loader aria-label={t`Loading`} />
      ) : (
        <Tabs value={formType} onChange={(value) => value && onFormChange(value as AssessmentFormType)} keepMounted={false}>
          <Tabs.List mb="md">
            {assessmentFormTypes.map((type) => (
              <Tabs.Tab key={type} value={type} mih={44}>
                {formLabel(type)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {assessmentFormTypes.map((type) => (
            <Tabs.Panel key={type} value={type}>
              <FormEditor formType={type} versions={forms.data.filter((form) => form.formType === type)} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </>
  );
}

const draftKey = (formType: AssessmentFormType) => `quadra-form-editor/${formType}`;

/** The edit in progress kept in this tab: the questions, and the version they started from. */
function readDraft(formType: AssessmentFormType): { questions: EditableQuestion[]; from: number } | null {
  const draft = readSessionDraft(draftKey(formType));
  return draft && Array.isArray(draft.questions) && typeof draft.from === 'number'
    ? (draft as { questions: EditableQuestion[]; from: number })
    : null;
}

function FormEditor({ formType, versions }: { formType: AssessmentFormType; versions: AssessmentForm[] }) {
  const { t, i18n } = useLingui();
  const latest = versions.at(-1);
  const waiting = useOutboxItems(outboxKinds.assessmentFormSave).findLast(
    (row) => (row.payload as Partial<AssessmentFormSavePayload>).formType === formType,
  );
  const waitingForm = (waiting?.payload as AssessmentFormSavePayload | undefined)?.form;
  // What the edit starts from: this device's save still waiting, else the latest version.
  const start = waitingForm?.questions ?? latest?.questions ?? [];
  const [draft, setDraftState] = useState(() => readDraft(formType));
  const [tried, setTried] = useState(false);
  const questions = draft?.questions ?? toEditable(start);
  const setQuestions = (next: EditableQuestion[]) => {
    const value = { questions: next, from: latest?.version ?? 0 };
    setDraftState(value);
    writeSessionDraft(draftKey(formType), value);
  };
  const discard = () => {
    setDraftState(null);
    setTried(false);
    removeSessionDraft(draftKey(formType));
  };
  const update = (index: number, change: Partial<EditableQuestion>) =>
    setQuestions(questions.map((question, at) => (at === index ? { ...question, ...change } : question)));
  const taken = new Set([...versions.flatMap((form) => form.questions.map((question) => question.id)), ...questions.map((question) => question.id)]);
  const changed = formChanged(questions, start);
  const nextVersion = (latest?.version ?? 0) + 1;

  const save = async () => {
    setTried(true);
    if (!formSavable(questions) || !changed) return;
    const sent = toQuestions(
      questions.map((question) => ({ ...question, text: cleanText(question.text), options: question.options.map(cleanText) })),
    );
    try {
      await enqueueAssessmentFormSave({ formType, form: { questions: sent, basedOn: latest?.version ?? 0 } });
      discard();
      notifySaved(t`Form saved as a new version`);
    } catch (error) {
      console.error('Quadra: the form could not be stored on this device', error);
      notify({ message: t`This device could not store the change. Nothing was saved.`, severity: 'error', closable: true });
    }
  };

  return (
    <Stack gap="md" maw="52rem">
      <Group gap="sm">
        {latest && (
          <Text size="sm" data-testid="form-version">
            {t`Version ${latest.version}, saved by ${latest.createdBy ?? '—'} on ${i18n.date(new Date(latest.createdAt), { dateStyle: 'short' })}`}
          </Text>
        )}
        <PendingBadge state={waiting?.state === 'failed' ? 'failed' : waiting ? 'pending' : undefined} />
        {draft && changed && (
          <Badge color="blue" variant="light">
            <Trans>Edited, not saved</Trans>
          </Badge>
        )}
      </Group>
      {questions.map((question, index) => (
        <QuestionCard
          key={question.id}
          question={question}
          number={index + 1}
          count={questions.length}
          tried={tried}
          onChange={(change) => update(index, change)}
          onMove={(delta) => setQuestions(moved(questions, index, delta))}
          onRemove={() => setQuestions(questions.filter((_, at) => at !== index))}
        />
      ))}
      {questions.length === 0 && (
        <Text c="red.9">
          <Trans>A form needs one question at least.</Trans>
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          mih={44}
          leftSection={<IconPlus size={18} aria-hidden />}
          disabled={questions.length >= MAX_QUESTIONS}
          onClick={() => setQuestions([...questions, { id: newQuestionId(taken), text: '', required: false, type: 'TEXT', options: [] }])}
        >
          <Trans>Add question</Trans>
        </Button>
      </Group>
      <Group>
        <Button mih={44} onClick={() => void save()} disabled={!changed}>
          <Trans>Save as version {nextVersion}</Trans>
        </Button>
        {draft && (
          <Button variant="default" mih={44} onClick={discard}>
            <Trans>Discard changes</Trans>
          </Button>
        )}
      </Group>
      {tried && !formSavable(questions) && (
        <Text c="red.9" role="alert">
          <Trans>Some questions need a change before the form can be saved.</Trans>
        </Text>
      )}
    </Stack>
  );
}

function QuestionCard(props: {
  question: EditableQuestion;
  number: number;
  count: number;
  tried: boolean;
  onChange: (change: Partial<EditableQuestion>) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const { question, number, count, tried, onChange, onMove, onRemove } = props;
  const { t } = useLingui();
  const problems = tried ? questionProblems(question) : [];
  const titleId = `question-${question.id}-title`;
  const typeLabels: Record<QuestionType, string> = {
    TEXT: t`Free text`,
    YES_NO: t`Yes or no, with a detail`,
    CHOICE: t`Choice list`,
  };
  const setOption = (at: number, value: string) => onChange({ options: question.options.map((option, i) => (i === at ? value : option)) });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid="question-card">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id={titleId}>
          {t`Question ${number}`}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            mih={44}
            leftSection={<IconArrowUp size={18} aria-hidden />}
            disabled={number === 1}
            aria-label={t`Move question ${number} up`}
            onClick={() => onMove(-1)}
          >
            <Trans>Up</Trans>
          </Button>
          <Button
            variant="default"
            mih={44}
            leftSection={<IconArrowDown size={18} aria-hidden />}
            disabled={number === count}
            aria-label={t`Move question ${number} down`}
            onClick={() => onMove(1)}
          >
            <Trans>Down</Trans>
          </Button>
          <Button
            variant="subtle"
            color="red"
            c="red.9"
            mih={44}
            leftSection={<IconTrash size={18} aria-hidden />}
            aria-label={t`Remove question ${number}`}
            onClick={onRemove}
          >
            <Trans>Remove</Trans>
          </Button>
        </Group>
      </Group>
      <Stack gap="sm">
        <Textarea
          label={t`Question text`}
          value={question.text}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
          maxLength={QUESTION_TEXT_MAX}
          autosize
          minRows={2}
          withAsterisk
          error={problems.includes('text-missing') ? t`Required` : null}
          size="md"
        />
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t`Answer type`}
            value={question.type}
            onChange={(event) => onChange({ type: event.currentTarget.value as QuestionType })}
            data={(Object.keys(typeLabels) as QuestionType[]).map((value) => ({ value, label: typeLabels[value] }))}
            size="md"
          />
          <Checkbox
            label={t`Required`}
            checked={question.required}
            onChange={(event) => onChange({ required: event.currentTarget.checked })}
            size="md"
            mih={44}
            styles={{ root: { display: 'flex', alignItems: 'center' } }}
          />
        </Group>
        {question.type === 'CHOICE' && (
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} size="sm">
              {t`Options of question ${number}`}
            </Text>
            {question.options.map((option, at) => (
              <Group key={at} gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  style={{ flex: 1 }}
                  label={t`Option ${at + 1}`}
                  value={option}
                  maxLength={200}
                  onChange={(event) => setOption(at, event.currentTarget.value)}
                  size="md"
                />
                {/* A square Button rather than an ActionIcon, whose styles the app's CSS does not carry. */}
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  w={44}
                  h={44}
                  p={0}
                  style={{ flexShrink: 0 }}
                  aria-label={t`Remove option ${at + 1}`}
                  onClick={() => onChange({ options: question.options.filter((_, i) => i !== at) })}
                >
                  <IconX size={18} aria-hidden />
                </Button>
              </Group>
            ))}
            {(problems.includes('options-too-few') || problems.includes('options-repeated')) && (
              <Text c="red.9" size="sm">
                {problems.includes('options-too-few') ? t`A choice list needs two options at least.` : t`Each option once.`}
              </Text>
            )}
            <Group>
              <Button
                variant="default"
                mih={44}
                leftSection={<IconPlus size={18} aria-hidden />}
                disabled={question.options.length >= 30}
                onClick={() => onChange({ options: [...question.options, ''] })}
              >
                <Trans>Add option</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
