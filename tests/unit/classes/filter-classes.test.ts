import { describe, expect, it } from 'vitest';
import { activityNames, filterClasses, noClassFilters } from '../../../src/features/classes/filter-classes.ts';
import type { Activity, ClassGroup } from '../../../src/api/contract.ts';

const activities: Activity[] = [
  { id: 'a1', name: 'Futsal', teacher: 'T', area: 'Esportes', frequency: 'Semanal' },
  { id: 'a2', name: 'Natação', teacher: 'T', area: 'Aquáticos', frequency: 'Semanal' },
];
const classes: ClassGroup[] = [
  { id: 'c1', title: 'Futsal Sub-12', weekDay: 'SEGUNDA', schedule: '08:00 - 09:30', level: 'INICIANTE', activityId: 'a1' },
  { id: 'c2', title: 'Futsal Sub-15', weekDay: 'QUARTA', schedule: '14:00 - 15:30', level: 'AVANCADO', activityId: 'a1' },
  { id: 'c3', title: 'Natação Adulto', weekDay: 'segunda', schedule: '18:00 - 19:00', level: 'INICIANTE', activityId: 'a2' },
  { id: 'c4', title: 'Mystery', weekDay: 'SEXTA', schedule: '10:00', level: 'TODOS_NIVEIS', activityId: 'gone' },
];
const ids = (list: ClassGroup[]) => list.map((c) => c.id);

describe('class filters', () => {
  it('finds a class that meets on several weekdays by any of them (issue 52)', () => {
    const twice: ClassGroup = {
      ...classes[1]!,
      id: 'c5',
      meetings: [
        { weekDay: 'TERCA', start: '08:00', end: '09:00' },
        { weekDay: 'QUINTA', start: '08:00', end: '09:00' },
      ],
    };
    expect(ids(filterClasses([...classes, twice], activities, { ...noClassFilters, weekDay: 'QUINTA' }))).toEqual(['c5']);
    expect(ids(filterClasses([...classes, twice], activities, { ...noClassFilters, weekDay: 'TERCA' }))).toEqual(['c5']);
  });

  it('shows every class when no filter is set', () => {
    expect(ids(filterClasses(classes, activities, noClassFilters))).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('activity matches the activity name, ignoring case and accents', () => {
    expect(ids(filterClasses(classes, activities, { ...noClassFilters, activity: 'futsal' }))).toEqual(['c1', 'c2']);
    expect(ids(filterClasses(classes, activities, { ...noClassFilters, activity: 'NATACAO' }))).toEqual(['c3']);
    expect(ids(filterClasses(classes, activities, { ...noClassFilters, activity: 'nat' }))).toEqual(['c3']);
  });

  it('a class of an unknown activity matches no activity text', () => {
    expect(ids(filterClasses(classes, activities, { ...noClassFilters, activity: 'mystery' }))).toEqual([]);
  });

  it('weekday and level match the code, whatever its case', () => {
    expect(ids(filterClasses(classes, activities, { ...noClassFilters, weekDay: 'SEGUNDA' }))).toEqual(['c1', 'c3']);
    expect(ids(filterClasses(classes, activities, { ...noClassFilters, level: 'INICIANTE' }))).toEqual(['c1', 'c3']);
    expect(ids(filterClasses(classes, activities, { activity: 'futsal', weekDay: 'SEGUNDA', level: 'INICIANTE' }))).toEqual(['c1']);
    expect(ids(filterClasses(classes, activities, { activity: '', weekDay: 'QUARTA', level: 'INICIANTE' }))).toEqual([]);
  });

  it('lists each activity name once, sorted', () => {
    expect(activityNames([...activities, { ...activities[0]!, id: 'a3' }])).toEqual(['Futsal', 'Natação']);
  });
});
