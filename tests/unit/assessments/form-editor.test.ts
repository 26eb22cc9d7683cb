import { describe, expect, it } from 'vitest';
import { questionSchema, type Question } from '../../../src/api/assessment-contract.ts';
import {
  formChanged,
  formSavable,
  moved,
  newQuestionId,
  questionProblems,
  toEditable,
  toQuestions,
  type EditableQuestion,
} from '../../../src/features/assessments/form-editor.ts';

const seed: Question[] = [
  { id: 'familia', text: 'Como é a relação em família?', required: true, type: 'TEXT' },
  { id: 'medicacao', text: 'Usa medicação contínua?', required: false, type: 'YES_NO' },
  { id: 'escola', text: 'Turno da escola', required: true, type: 'CHOICE', options: ['Manhã', 'Tarde'] },
];

describe('the anamnese form editor', () => {
  it('gives back the questions it was given when nothing is edited (no new version for no change)', () => {
    expect(toQuestions(toEditable(seed))).toEqual(seed);
    expect(formChanged(toEditable(seed), seed)).toBe(false);
    const edited = toEditable(seed);
    edited[0]!.required = false;
    expect(formChanged(edited, seed)).toBe(true);
  });

  it('sends trimmed texts, drops empty options, and sends options only with a choice list, as the contract takes them', () => {
    const questions: EditableQuestion[] = [
      { id: 'a', text: '  Com quem mora?  ', required: false, type: 'CHOICE', options: [' Mãe ', '', 'Avó'] },
      // Options typed while it was a choice list, then the type changed: not sent.
      { id: 'b', text: 'Tem alergias?', required: true, type: 'YES_NO', options: ['x', 'y'] },
    ];
    const sent = toQuestions(questions);
    expect(sent).toEqual([
      { id: 'a', text: 'Com quem mora?', required: false, type: 'CHOICE', options: ['Mãe', 'Avó'] },
      { id: 'b', text: 'Tem alergias?', required: true, type: 'YES_NO' },
    ]);
    for (const question of sent) expect(questionSchema.safeParse(question).success).toBe(true);
  });

  it('will not save a question without a text, a choice list with fewer than two options or the same option twice, or no question', () => {
    const base: EditableQuestion = { id: 'a', text: 'Pergunta', required: false, type: 'TEXT', options: [] };
    expect(questionProblems(base)).toEqual([]);
    expect(questionProblems({ ...base, text: '   ' })).toEqual(['text-missing']);
    expect(questionProblems({ ...base, type: 'CHOICE', options: ['Sim', ' '] })).toEqual(['options-too-few']);
    expect(questionProblems({ ...base, type: 'CHOICE', options: ['Sim', 'Sim '] })).toEqual(['options-repeated']);
    expect(questionProblems({ ...base, type: 'CHOICE', options: ['Sim', 'Não', 'Sim'] })).toEqual(['options-repeated']);
    expect(formSavable([base])).toBe(true);
    expect(formSavable([])).toBe(false);
    expect(formSavable([base, { ...base, id: 'b', text: '' }])).toBe(false);
  });

  it("gives a new question an id no version of the form has used, in the contract's form", () => {
    const rolls = [0, 0, 0.5];
    const random = () => rolls.shift() ?? 0.7;
    const taken = new Set(['q-000000']);
    const id = newQuestionId(taken, random);
    expect(id).not.toBe('q-000000');
    expect(id).toMatch(/^[a-z0-9-]{1,40}$/);
  });

  it('moves a question up and down, and keeps the list at either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
