/**
 * The students list's filters (issue 52): gender (the seven of the programme's list) and school year, in the URL's
 * query (`?gender=&schoolYear=`), applied on the device to the list it holds (student-rows.ts). Loaded on demand, when
 * the filters are opened or the URL names one: the lists' labels and codes stay out of the list's first load.
 */
import { Button, Group, NativeSelect } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEnumOptions } from '../../components/use-enum.ts';
import type { StudentFilters } from './student-rows.ts';

export default function StudentFilterFields({ filters, onFilters }: { filters: StudentFilters; onFilters: (filters: StudentFilters) => void }) {
  const { t } = useLingui();
  const genders = useEnumOptions('gender', t`Any gender`);
  const schoolYears = useEnumOptions('schoolYear', t`Any school year`);
  const set = (change: StudentFilters) => {
    const next = { ...filters, ...change };
    onFilters({ ...(next.gender ? { gender: next.gender } : {}), ...(next.schoolYear ? { schoolYear: next.schoolYear } : {}) });
  };
  return (
    <Group align="flex-end" gap="sm" mb="md" data-testid="student-filters">
      <NativeSelect label={t`Gender`} data={genders} value={filters.gender ?? ''} onChange={(event) => set({ gender: event.currentTarget.value })} />
      <NativeSelect
        label={t`School year`}
        data={schoolYears}
        value={filters.schoolYear ?? ''}
        onChange={(event) => set({ schoolYear: event.currentTarget.value })}
      />
      {(filters.gender || filters.schoolYear) && (
        <Button variant="default" mih={44} onClick={() => onFilters({})}>
          <Trans>Clear filters</Trans>
        </Button>
      )}
    </Group>
  );
}
