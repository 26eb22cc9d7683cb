import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { filterActivities, noActivityFilters } from '../../../src/features/activities/filter-activities.ts';
import type { Activity } from '../../../src/api/contract.ts';

const activities: Activity[] = [
  { id: '1', name: 'Futsal Juvenil', teacher: 'Ana', area: 'Esportes', frequency: 'Semanal' },
  { id: '2', name: 'Musculação', teacher: 'Bia', area: 'Academia', frequency: 'Diária' },
  { id: '3', name: 'Natação', teacher: 'Caio', area: 'Aquáticos', frequency: 'Semanal' },
  { id: '4', name: 'Hidroginástica', teacher: 'Dora', area: 'AQUÁTICOS', frequency: 'MENSAL' },
  { id: '5', name: 'Esportes radicais', teacher: 'Eva', area: 'Esportes de aventura', frequency: 'Mensal' },
];
const ids = (list: Activity[]) => list.map((a) => a.id);

describe('activity filters (SPEC §5)', () => {
  it('shows every activity when no filter is set', () => {
    expect(ids(filterActivities(activities, noActivityFilters))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('name matches by case-insensitive substring', () => {
    expect(ids(filterActivities(activities, { ...noActivityFilters, name: 'SAL' }))).toEqual(['1']);
    expect(ids(filterActivities(activities, { ...noActivityFilters, name: 'ção' }))).toEqual(['2', '3']);
    expect(ids(filterActivities(activities, { ...noActivityFilters, name: 'zzz' }))).toEqual([]);
  });

  it('area matches by case-insensitive equality, not substring', () => {
    expect(ids(filterActivities(activities, { ...noActivityFilters, area: 'aquáticos' }))).toEqual(['3', '4']);
    // "Esportes de aventura" contains "esportes" but is not equal to it.
    expect(ids(filterActivities(activities, { ...noActivityFilters, area: 'esportes' }))).toEqual(['1']);
  });

  it('frequency matches by case-insensitive equality', () => {
    expect(ids(filterActivities(activities, { ...noActivityFilters, frequency: 'mensal' }))).toEqual(['4', '5']);
    expect(ids(filterActivities(activities, { ...noActivityFilters, frequency: 'diária' }))).toEqual(['2']);
  });

  it('filters combine', () => {
    expect(ids(filterActivities(activities, { name: 'nat', area: 'aquáticos', frequency: 'semanal' }))).toEqual(['3']);
    expect(ids(filterActivities(activities, { name: 'nat', area: 'aquáticos', frequency: 'mensal' }))).toEqual([]);
  });

  it('a name filter never keeps an activity whose name does not contain it (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (needle) => {
        for (const a of filterActivities(activities, { ...noActivityFilters, name: needle })) {
          expect(a.name.toLowerCase()).toContain(needle.trim().toLowerCase());
        }
      }),
    );
  });
});
