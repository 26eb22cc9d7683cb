/**
 * The students list's filters (issue 52): gender (the seven of the programme's list), school year, employment and school
 * shift, in the URL's query (`?gender=&schoolYear=&employmentStatus=&schoolShift=`), applied on the device to the list
 * it holds (student-rows.ts). Loaded on demand, when the filters are opened or the URL names one: the lists' labels and
 * codes stay out of the list's first load.
 */
import { Button, Group, NativeSelect } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEnumOptions } from '../../components/use-enum.ts';
import { setFilters, type StudentFilterField, type StudentFilters } from '../../api/student-filters.ts';

export default function StudentFilterFields({ filters, onFilters }: { filters: StudentFilters; onFilters: (filters: StudentFilters) => void }) {
  const { t } = useLingui();
  const fields: { field: StudentFilterField; label: string; options: ReturnType<typeof useEnumOptions> }[] = [
    { field: 'gender', label: t`Gender`, options: useEnumOptions('gender', t`Any gender`) },
    { field: 'schoolYear', label: t`School year`, options: useEnumOptions('schoolYear', t`Any school year`) },
    { field: 'employmentStatus', label: t`Employment status`, options: useEnumOptions('employmentStatus', t`Any employment status`) },
    { field: 'schoolShift', label: t`School shift`, options: useEnumOptions('schoolShift', t`Any school shift`) },
  ];
  return (
    <Group align="flex-end" gap="sm" mb="md" data-testid="student-filters">
      {fields.map(({ field, label, options }) => (
        <NativeSelect
          key={field}
          label={label}
          data={options}
          value={filters[field] ?? ''}
          onChange={(event) => onFilters(setFilters({ ...filters, [field]: event.currentTarget.value }))}
        />
      ))}
      {Object.keys(setFilters(filters)).length > 0 && (
        <Button variant="default" mih={44} onClick={() => onFilters({})}>
          <Trans>Clear filters</Trans>
        </Button>
      )}
    </Group>
  );
}
