/**
 * Assessment forms (anamnese) as data: the psychological form (PSICOLOGIA) and the social one (SOCIAL), each a list of
 * versioned questions, and a child's answers to each. An admin's edit of a form's questions makes a new version; answers
 * keep the version they were written on and show with its questions. A save names the version of the answers it
 * started from (`basedOn`); answers saved since by someone else answer 409 'stale-version' with the answers as they are.
 */
import * as z from 'zod/mini';
import { isoDateTimeSchema, requiredText, textField } from './contract.ts';

export const assessmentFormTypes = ['PSICOLOGIA', 'SOCIAL'] as const;
export type AssessmentFormType = (typeof assessmentFormTypes)[number];
export const assessmentFormTypeSchema = z.enum(assessmentFormTypes);

/** TEXT: free text; YES_NO: yes or no, with a detail; CHOICE: one of `options`. */
export const questionTypes = ['TEXT', 'YES_NO', 'CHOICE'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const QUESTION_TEXT_MAX = 500;
export const ANSWER_TEXT_MAX = 4000;
export const MAX_QUESTIONS = 60;

/** A question: its id stays the same across versions (an answer is found by it). */
export const questionSchema = z
  .object({
    id: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/, 'A question id is 1-40 lowercase letters, digits or hyphens')),
    text: requiredText(QUESTION_TEXT_MAX),
    required: z.boolean(),
    type: z.enum(questionTypes),
    options: z.optional(z.array(requiredText(200)).check(z.maxLength(30))),
  })
  .check(
    z.refine((question) => (question.type === 'CHOICE') === (question.options !== undefined && question.options.length >= 2), {
      message: 'A choice list has two options or more, and only a choice list has options',
      path: ['options'],
    }),
  );
export type Question = z.infer<typeof questionSchema>;

const questionsSchema = z.array(questionSchema).check(
  z.minLength(1),
  z.maxLength(MAX_QUESTIONS),
  z.refine((questions) => new Set(questions.map((question) => question.id)).size === questions.length, 'Question ids are unique in a form'),
);

/** One version of a form. */
export const assessmentFormSchema = z.object({
  formType: assessmentFormTypeSchema,
  version: z.int(),
  questions: questionsSchema,
  createdAt: isoDateTimeSchema,
  createdBy: z.nullable(z.string()),
});
export type AssessmentForm = z.infer<typeof assessmentFormSchema>;
/** GET /assessment-forms: every version of each form, the latest last. */
export const assessmentFormListSchema = z.array(assessmentFormSchema);

/** PUT /assessment-forms/{formType}: the questions of a new version, with the version the edit started from. */
export const assessmentFormInputSchema = z.object({ questions: questionsSchema, basedOn: z.int() });
export type AssessmentFormInput = z.infer<typeof assessmentFormInputSchema>;

/** One answer: `text` (TEXT), `yes` and `detail` (YES_NO), `choice` (CHOICE). */
export const answerSchema = z.object({
  text: z.optional(textField(ANSWER_TEXT_MAX)),
  yes: z.optional(z.boolean()),
  detail: z.optional(textField(ANSWER_TEXT_MAX)),
  choice: z.optional(textField(200)),
});
export type Answer = z.infer<typeof answerSchema>;
export const answersSchema = z.record(z.string().check(z.maxLength(40)), answerSchema);
export type Answers = z.infer<typeof answersSchema>;

/**
 * PUT /students/{id}/assessments/{formType}. `formVersion`: the form version the answers were written on.
 * `basedOn`: the version of the child's answers the writer started from (0: none saved yet); left out, no check.
 */
export const assessmentInputSchema = z.object({
  formVersion: z.int(),
  answers: answersSchema,
  basedOn: z.optional(z.int()),
});
export type AssessmentInput = z.infer<typeof assessmentInputSchema>;

/** POST /students/{id}/assessments/{formType}/review: the version of the answers the reviewer read. */
export const assessmentReviewSchema = z.object({ version: z.int() });

/**
 * A child's answers to one form. `writtenBy`: who saved them last (an intern's stay theirs, `reviewed` false, until
 * a psychologist or a social worker marks them reviewed: `reviewedBy`, `reviewedAt`).
 */
export const assessmentSchema = z.object({
  studentId: z.string(),
  formType: assessmentFormTypeSchema,
  formVersion: z.int(),
  answers: answersSchema,
  version: z.int(),
  writtenBy: z.string(),
  writtenByAccess: z.string(),
  writtenAt: isoDateTimeSchema,
  reviewed: z.boolean(),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(isoDateTimeSchema),
});
export type Assessment = z.infer<typeof assessmentSchema>;
/** GET /students/{id}/assessments: the child's answers to the forms the signed-in role reads (none saved: left out). */
export const assessmentListSchema = z.array(assessmentSchema);

/** The questions a save leaves unanswered among the required ones (the app checks before it queues; the server too). */
export function missingRequired(questions: readonly Question[], answers: Answers): string[] {
  return questions
    .filter((question) => question.required)
    .filter((question) => {
      const answer = answers[question.id];
      if (!answer) return true;
      if (question.type === 'TEXT') return !answer.text?.trim();
      if (question.type === 'YES_NO') return answer.yes === undefined;
      return !answer.choice || !question.options?.includes(answer.choice);
    })
    .map((question) => question.id);
}
