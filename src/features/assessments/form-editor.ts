/**
 * The anamnese form editor's rules (issue 52 item 1: admins edit questions; an edit makes a new version), apart from
 * the screen so they are tested alone: a question as the editor holds it (options always a list), back to the
 * contract's shape, what keeps a version from being saved, and the moves.
 */
import type { Question, QuestionType } from '../../api/assessment-contract.ts';

export type EditableQuestion = { id: string; text: string; required: boolean; type: QuestionType; options: string[] };

export const toEditable = (questions: readonly Question[]): EditableQuestion[] =>
  questions.map((question) => ({ ...question, options: [...(question.options ?? [])] }));

const clean = (value: string) => value.trim();

/** The questions to send: texts trimmed, empty options dropped, options only on a choice list. */
export function toQuestions(questions: readonly EditableQuestion[]): Question[] {
  return questions.map(({ id, text, required, type, options }) => ({
    id,
    text: clean(text),
    required,
    type,
    ...(type === 'CHOICE' ? { options: options.map(clean).filter(Boolean) } : {}),
  }));
}

export type QuestionProblem = 'text-missing' | 'options-too-few' | 'options-repeated';

/** What keeps each question from being saved (none: it can be): a text, and two different options on a choice list. */
export function questionProblems(question: EditableQuestion): QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  if (!clean(question.text)) problems.push('text-missing');
  if (question.type === 'CHOICE') {
    const options = question.options.map(clean).filter(Boolean);
    if (options.length < 2) problems.push('options-too-few');
    if (new Set(options).size !== options.length) problems.push('options-repeated');
  }
  return problems;
}

/** Whether the form can be saved as a new version: one question at least, each without a problem. */
export const formSavable = (questions: readonly EditableQuestion[]): boolean =>
  questions.length > 0 && questions.every((question) => questionProblems(question).length === 0);

/** Whether the edit changed anything against the version it started from (an unchanged form makes no version). */
export const formChanged = (questions: readonly EditableQuestion[], from: readonly Question[]): boolean =>
  JSON.stringify(toQuestions(questions)) !== JSON.stringify(toQuestions(toEditable(from)));

/**
 * A new question's id: answers are found by it across versions, so it is never one the form has or had (`taken`:
 * every id of every version). Lowercase letters, digits and hyphens, as the contract asks.
 */
export function newQuestionId(taken: ReadonlySet<string>, random: () => number = Math.random): string {
  for (;;) {
    const id = `q-${Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, '0')}`;
    if (!taken.has(id)) return id;
  }
}

/** The list with the question at `index` moved by `delta` places (kept as it is past either end). */
export function moved<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item!);
  return next;
}
