/** The file's columns, each with the field it is read into (proposed from its name; the user corrects it). */
import { NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { WideTable } from '../../components/wide-table.tsx';
import { importFields, repeatableFields, saveMapping, type MappedField } from './import-fields.ts';
import type { SheetSummary } from './import-worker.ts';
import { fieldLabel } from './import-texts.ts';

type Props<F extends string> = {
  sheets: SheetSummary[];
  sheet: number;
  onSheet: (sheet: number) => void;
  mapping: (F | '')[];
  onMapping: (mapping: (F | '')[]) => void;
  /** Where this device remembers the user's choice for the next file (localStorage; each import its own). */
  rememberAs: string;
  /** The fields a column can go into (default: the students import's), and those several columns may feed. */
  fields?: readonly { value: F; label: string }[];
  repeatable?: readonly F[];
  /** The columns shown, when not the chosen sheet's (a tab per class: every sheet's headers, each once). */
  headers?: readonly string[];
};

export function MappingTable<F extends string = MappedField & string>({
  sheets,
  sheet,
  onSheet,
  mapping,
  onMapping,
  rememberAs,
  fields,
  repeatable = repeatableFields as readonly string[] as readonly F[],
  headers: shownHeaders,
}: Props<F>) {
  const { t, i18n } = useLingui();
  const headers = shownHeaders ?? sheets[sheet]?.headers ?? [];
  const choose = (column: number, field: F | '') => {
    // A field takes one column (but the class): choosing it for this column frees it from the one that had it.
    const next = mapping.map((current, index) => (index !== column && field && current === field && !repeatable.includes(field) ? '' : current));
    next[column] = field;
    onMapping(next);
    saveMapping(rememberAs, headers, next);
  };
  const fieldOptions = fields ?? importFields.map((field) => ({ value: field as string as F, label: i18n._(fieldLabel(field)) }));
  const options = [{ value: '', label: t`Not imported` }, ...fieldOptions];
  return (
    <Stack gap="xs">
      {sheets.length > 1 && !shownHeaders && (
        <NativeSelect
          label={t`Sheet`}
          value={String(sheet)}
          onChange={(event) => onSheet(Number(event.currentTarget.value))}
          data={sheets.map((one, index) => ({ value: String(index), label: one.name }))}
          styles={{ input: { minHeight: 44 } }}
        />
      )}
      <Text fw={600}>{t`Columns of the file and the fields they go into`}</Text>
      <Text c="gray.7" size="sm">
        {t`Quadra proposes a field from each column's name; correct it where needed. This device remembers your choice for the next file.`}
      </Text>
      <WideTable label={t`Columns of the file`} minWidth={480}>
        <Table data-testid="import-mapping">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Column in the file`}</Table.Th>
              <Table.Th>{t`Field in Quadra`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {headers.map((header, column) => (
              <Table.Tr key={column}>
                <Table.Td>{header || t`(no name)`}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={t`Field for the column ${header}`}
                    value={mapping[column] ?? ''}
                    onChange={(event) => choose(column, event.currentTarget.value as F | '')}
                    data={options}
                    styles={{ input: { minHeight: 44 } }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
    </Stack>
  );
}
