/**
 * /alunos/importar (issue 54): a programme's spreadsheet of children (CSV or XLSX) read in the browser, in a worker;
 * its columns mapped to Quadra's fields (proposed from the header names, corrected with selects, remembered on the
 * device for the next file); every row previewed as it will be stored, with its problems and the children Quadra has
 * already; the good rows written in batches; and a result with a CSV of the rows refused and why. The rows stay in the
 * import's worker (use-import-flow.ts): the page shows the counts and a page of rows.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Radio, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { classesQueryOptions } from '../../api/classes.ts';
import type { ImportMatchAction, ImportRowResult, ImportStudents } from '../../api/imports-contract.ts';
import { sendImportBatch } from '../../api/imports.ts';
import { BackToStudents } from '../../components/back-button.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { usePermissions } from '../../components/use-permissions.ts';
import { EnrolmentImport } from './enrolment-import.tsx';
import { ExportEverything } from './export-everything.tsx';
import { FileChoice, MatchesFailed } from './file-choice.tsx';
import { proposeMapping, rememberedMapping, type ImportField, type MappedField } from './import-fields.ts';
import { ImportProgress } from './import-progress.tsx';
import { ImportResult } from './import-result.tsx';
import type { Choice } from './import-worker.ts';
import { MappingTable } from './mapping-table.tsx';
import { PreviewTable } from './preview-table.tsx';
import type { ClassChoice } from './read-rows.ts';
import { radioTarget } from './targets.ts';
import { useImportFlow, type ReadQuestion } from './use-import-flow.ts';
import { useImportWorker } from './use-import-worker.ts';

const MAPPING_KEY = 'quadra.import-mapping';

export function ImportPage() {
  const { t } = useLingui();
  const { can } = usePermissions();
  /** What the file holds: children, one a row (item 1), or a class list, one row per child and class (item 2). */
  const [kind, setKind] = useState<'students' | 'classes'>('students');

  const kindChoice = (
    <Radio.Group label={t`What the file holds`} value={kind} onChange={(value) => setKind(value as 'students' | 'classes')}>
      <Stack gap={0} mt="xs">
        <Radio
          value="students"
          label={t`Children: one child a row, with their record and guardian`}
          data-testid="import-kind-students"
          styles={radioTarget}
        />
        <Radio
          value="classes"
          label={t`Classes and enrolments: one row per child and class, or one tab per class`}
          data-testid="import-kind-classes"
          styles={radioTarget}
        />
      </Stack>
    </Radio.Group>
  );

  return (
    <Stack gap="md">
      <BackToStudents />
      <PageTitle>{t`Import students`}</PageTitle>
      {kind === 'classes' ? (
        <>
          {kindChoice}
          <EnrolmentImport />
          {can('data:export') && <ExportEverything />}
        </>
      ) : (
        <StudentsImport kindChoice={kindChoice} canExport={can('data:export')} />
      )}
    </Stack>
  );
}

function StudentsImport({ kindChoice, canExport }: { kindChoice: ReactNode; canExport: boolean }) {
  const { t } = useLingui();
  const ask = useImportWorker();
  const classes = useQuery(classesQueryOptions());
  const activities = useQuery(activitiesQueryOptions());
  const [sheet, setSheet] = useState(0);
  const [mapping, setMapping] = useState<MappedField[]>([]);
  const [onMatch, setOnMatch] = useState<ImportMatchAction>('skip');

  const classChoices = useMemo<ClassChoice[] | undefined>(() => {
    if (!classes.data) return undefined;
    const activityName = new Map((activities.data ?? []).map((activity) => [activity.id, activity.name]));
    return classes.data.map((group) => ({ id: group.id, title: group.title, activityName: activityName.get(group.activityId) ?? '' }));
  }, [classes.data, activities.data]);
  const readQuestion = useMemo<ReadQuestion | null>(
    () => (classChoices && mapping.length > 0 ? { type: 'read', sheet, mapping, classes: classChoices } : null),
    [sheet, mapping, classChoices],
  );
  const choice = useMemo<Choice>(() => ({ kind: 'students', onMatch }), [onMatch]);
  const flow = useImportFlow<ImportRowResult>({
    ask,
    onParsed: ({ sheets }) => {
      setSheet(0);
      setMapping(proposeMapping(sheets[0]!.headers, rememberedMapping<ImportField>(MAPPING_KEY)));
    },
    readQuestion,
    choice,
    sendBatch: (body) => sendImportBatch(body as ImportStudents),
  });
  const { loaded, view, sending } = flow;
  const headers = loaded?.sheets[sheet]?.headers ?? [];

  if (flow.result && loaded) return <ImportResult fileName={loaded.fileName} headers={headers} result={flow.result} onAnother={flow.chooseAnother} />;

  return (
    <>
      {!sending && kindChoice}
      <FileChoice
        intro={
          <Trans>
            Choose the programme's spreadsheet: a CSV file (separated by semicolons, commas or tabs, as Excel or Google Sheets save it) or an Excel
            file (.xlsx), one child a row, with the column names in the first row. Nothing is saved before you check the preview and press Import.
          </Trans>
        }
        label={t`Spreadsheet`}
        flow={flow}
      />
      {loaded && (
        <MappingTable
          sheets={loaded.sheets}
          sheet={sheet}
          onSheet={(next) => {
            setSheet(next);
            setMapping(proposeMapping(loaded.sheets[next]!.headers, rememberedMapping<ImportField>(MAPPING_KEY)));
          }}
          mapping={mapping}
          onMapping={setMapping}
          rememberAs={MAPPING_KEY}
        />
      )}
      {loaded && !classChoices && classes.isError && (
        <Alert color="red" role="alert">
          {t`The classes could not be loaded: the classes named in the file cannot be found.`}
        </Alert>
      )}
      {flow.read && !flow.read.matched && <MatchesFailed onRetry={flow.retryMatch} />}
      {view && (
        <>
          <Radio.Group
            label={t`Children already in Quadra (same CPF, or same name and date of birth)`}
            value={onMatch}
            onChange={(value) => setOnMatch(value as ImportMatchAction)}
          >
            <Stack gap={0} mt="xs">
              <Radio value="skip" label={t`Skip them: leave their records as they are`} disabled={!!sending} styles={radioTarget} />
              <Radio value="update" label={t`Update them with the file's filled cells`} disabled={!!sending} styles={radioTarget} />
            </Stack>
          </Radio.Group>
          <PreviewTable flow={flow} view={view} />
          <ImportProgress sending={sending} toSend={view.toSend} onStart={flow.start} onResume={flow.resume} />
        </>
      )}
      {canExport && !sending && <ExportEverything />}
    </>
  );
}
