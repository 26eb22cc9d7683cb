/**
 * One question of an anamnese form, as a field to answer: free text, yes/no with a detail, or a choice list. Plain
 * elements styled from Mantine's variables (question-field.module.css), not Mantine's inputs: a form of 13 questions is
 * some 40 inputs, and Mantine's Textarea and Radio.Group (wrapper, label, input, sections, each resolving its styles)
 * made its render the longest part of opening the form on the tablet (issue 52's goal, `npm run bench -- assessment`).
 * Memoised: a keystroke renders the question typed in, not the form's other questions.
 */
import { memo, useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Answer, Question } from '../../api/assessment-contract.ts';
import classes from './question-field.module.css';

type Props = {
  number: number;
  question: Question;
  answer: Answer | undefined;
  missing: boolean;
  onAnswer: (questionId: string, answer: Answer) => void;
};

export const QuestionField = memo(function QuestionField({ number, question, answer, missing, onAnswer }: Props) {
  const { t } = useLingui();
  const id = useId();
  const onChange = (next: Answer) => onAnswer(question.id, next);
  const label = `${number}. ${question.text}`;
  const error = missing ? (
    <p id={`${id}-error`} className={classes.error}>
      {t`Required`}
    </p>
  ) : null;
  const invalid = missing ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

  if (question.type === 'TEXT') {
    return (
      <div>
        <label htmlFor={`${id}-text`} className={classes.label}>
          {label}
          <Asterisk required={question.required} />
        </label>
        <textarea
          id={`${id}-text`}
          className={classes.text}
          rows={2}
          aria-required={question.required}
          {...invalid}
          value={answer?.text ?? ''}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
        />
        {error}
      </div>
    );
  }
  const options =
    question.type === 'YES_NO'
      ? [
          { value: 'yes', label: t`Yes` },
          { value: 'no', label: t`No` },
        ]
      : (question.options ?? []).map((option) => ({ value: option, label: option }));
  const chosen = question.type === 'YES_NO' ? (answer?.yes === undefined ? '' : answer.yes ? 'yes' : 'no') : (answer?.choice ?? '');
  const choose = (value: string) => onChange(question.type === 'YES_NO' ? { ...answer, yes: value === 'yes' } : { choice: value });
  return (
    <div>
      <div role="radiogroup" aria-labelledby={`${id}-label`} aria-required={question.required} {...invalid}>
        <div id={`${id}-label`} className={classes.label}>
          {label}
          <Asterisk required={question.required} />
        </div>
        <div className={classes.options}>
          {options.map((option) => (
            <label key={option.value} className={classes.option}>
              <input
                type="radio"
                className={classes.radio}
                name={`${id}-choice`}
                value={option.value}
                checked={chosen === option.value}
                onChange={() => choose(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </div>
      {error}
      {question.type === 'YES_NO' && (
        <textarea
          className={`${classes.text} ${classes.detail}`}
          rows={1}
          aria-label={t`Details: ${question.text}`}
          placeholder={t`Details`}
          value={answer?.detail ?? ''}
          onChange={(event) => onChange({ ...answer, detail: event.currentTarget.value })}
        />
      )}
    </div>
  );
});

function Asterisk({ required }: { required: boolean }): ReactNode {
  return required ? (
    <span className={classes.required} aria-hidden>
      {' *'}
    </span>
  ) : null;
}
