/**
 * The class list import (issue 54 item 2) on /alunos/importar: a file with one row per child and class, or an XLSX
 * with a tab per class (the tab's name is the class), read in the import's worker; its columns mapped; every row
 * previewed (the child Quadra has or a new one, the class, already enrolled or not, problems); the activities and
 * classes Quadra does not have offered for creation and completed; the good rows written in batches. The rows stay in
 * the import's worker (use-import-flow.ts), as the students import's.
 */
import { useMemo, useState } from 'react';
import { Alert, Checkbox, TextInput, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { activitiesQueryOptions, activityKeys } from '../../api/activities.ts';
import { activityAreas, activityFrequencies } from '../../api/contract.ts';
import { classesQueryOptions, classKeys } from '../../api/classes.ts';
import type { ImportEnrolmentResultRow, ImportEnrolments } from '../../api/enrolment-imports-contract.ts';
import { sendEnrolmentBatch } from '../../api/enrolment-imports.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { queryClient } from '../../offline/query-client.ts';
import { EnrolmentCatalog } from './enrolment-catalog.tsx';
import { enrolmentFields, proposeEnrolmentMapping, type EnrolmentField, type EnrolmentMapped } from './enrolment-fields.ts';
import type { ActivityDraft, ClassDraft } from './enrolment-plan.ts';
import { EnrolmentPreview } from './enrolment-preview.tsx';
import { EnrolmentResult } from './enrolment-result.tsx';
import { enrolmentFieldLabel } from './enrolment-texts.ts';
import { FileChoice, MatchesFailed } from './file-choice.tsx';
import { rememberedMapping } from './import-fields.ts';
import { ImportProgress } from './import-progress.tsx';
import type { Choice, SheetSummary } from './import-worker.ts';
import { MappingTable } from './mapping-table.tsx';
import { allHeadersOf, type CatalogChoice, type NewActivityDraft, type NewClassDraft } from './read-enrolments.ts';
import { radioTarget } from './targets.ts';
import { useImportFlow, type ReadQuestion } from './use-import-flow.ts';
import { useImportWorker } from './use-import-worker.ts';

const MAPPING_KEY = 'quadra.import-enrolment-mapping';
const remembered = () => rememberedMapping<EnrolmentField>(MAPPING_KEY);
const todayIso = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The new activities and classes, with what the file says of them; what the user completed already is kept. */
const activityDraftsOf = (drafts: readonly NewActivityDraft[], before: Record<string, ActivityDraft>) =>
  Object.fromEntries(
    drafts.map((draft) => [
      draft.key,
      before[draft.key] ?? {
        id: crypto.randomUUID(),
        name: draft.name,
        teacher: draft.teacher ?? '',
        area: activityAreas[0],
        frequency: activityFrequencies[1],
      },
    ]),
  );
const classDraftsOf = (drafts: readonly NewClassDraft[], before: Record<string, ClassDraft>) =>
  Object.fromEntries(
    drafts.map((draft) => [
      draft.key,
      before[draft.key] ?? {
        id: crypto.randomUUID(),
        title: draft.title,
        activityKey: draft.activityKey ?? '',
        weekDay: draft.weekDay ?? '',
        schedule: draft.schedule ?? '',
        level: draft.level ?? 'TODOS_NIVEIS',
      },
    ]),
  );

export function EnrolmentImport() {
  const { t, i18n } = useLingui();
  const { can } = usePermissions();
  const canCreate = can('activities:write') && can('classes:write');
  const ask = useImportWorker();
  const classes = useQuery(classesQueryOptions());
  const activities = useQuery(activitiesQueryOptions());
  const [sheets, setSheets] = useState<SheetSummary[]>([]);
  const [sheet, setSheet] = useState(0);
  const [tabPerClass, setTabPerClass] = useState(false);
  const [mapping, setMapping] = useState<EnrolmentMapped[]>([]);
  const [createMissing, setCreateMissing] = useState(true);
  const [activityDrafts, setActivityDrafts] = useState<Record<string, ActivityDraft>>({});
  const [classDrafts, setClassDrafts] = useState<Record<string, ClassDraft>>({});
  const [defaultFrom, setDefaultFrom] = useState(todayIso);

  const catalog = useMemo<CatalogChoice | undefined>(
    () =>
      classes.data && activities.data
        ? {
            activities: activities.data.map(({ id, name }) => ({ id, name })),
            classes: classes.data.map(({ id, title, activityId }) => ({ id, title, activityId })),
          }
        : undefined,
    [classes.data, activities.data],
  );
  // A tab per class: every sheet is read, and the columns are every sheet's headers (each once).
  const headers = useMemo(() => (tabPerClass ? allHeadersOf(sheets) : (sheets[sheet]?.headers ?? [])), [sheets, tabPerClass, sheet]);
  const readQuestion = useMemo<ReadQuestion | null>(
    () =>
      catalog && mapping.length > 0
        ? { type: 'read-enrolments', sheets: tabPerClass ? sheets.map((_, index) => index) : [sheet], headers, mapping, catalog, tabPerClass }
        : null,
    [catalog, mapping, tabPerClass, sheets, sheet, headers],
  );
  const choice = useMemo<Choice>(
    () => ({ kind: 'classes', createMissing: canCreate && createMissing, activities: activityDrafts, classes: classDrafts, defaultFrom }),
    [canCreate, createMissing, activityDrafts, classDrafts, defaultFrom],
  );
  const flow = useImportFlow<ImportEnrolmentResultRow>({
    ask,
    onParsed: (loaded) => {
      const proposed = proposeEnrolmentMapping(loaded.sheets[0]!.headers, remembered());
      // Several sheets and no class column: a tab per class.
      const tabs = loaded.sheets.length > 1 && !proposed.includes('className');
      setSheets(loaded.sheets);
      setSheet(0);
      setTabPerClass(tabs);
      setActivityDrafts({});
      setClassDrafts({});
      setMapping(proposeEnrolmentMapping(tabs ? allHeadersOf(loaded.sheets) : loaded.sheets[0]!.headers, remembered(), tabs));
    },
    readQuestion,
    choice,
    sendBatch: (body) => sendEnrolmentBatch(body as ImportEnrolments),
    // New classes and activities, and rosters, changed on the server.
    afterSend: () => {
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
  const { loaded, read, view, sending } = flow;
  // The drafts follow the rows read: new ones prefilled from the file, the user's completions kept.
  const [draftsOf, setDraftsOf] = useState(read);
  if (read !== draftsOf) {
    setDraftsOf(read);
    if (read) {
      setActivityDrafts((before) => activityDraftsOf(read.newActivities, before));
      setClassDrafts((before) => classDraftsOf(read.newClasses, before));
    }
  }

  if (flow.result && loaded)
    return (
      <EnrolmentResult
        fileName={loaded.fileName}
        result={flow.result}
        // The file's columns; the class, taken from each tab's name, after them when the file has no class column.
        columns={mapping.includes('className') ? headers : [...headers, t`Class`]}
        onAnother={flow.chooseAnother}
      />
    );

  const fieldOptions = enrolmentFields.map((field) => ({ value: field, label: i18n._(enrolmentFieldLabel(field)) }));
  return (
    <Stack gap="md">
      <FileChoice
        intro={
          <Trans>
            Choose the class list: a CSV or Excel file with one row per child and class (columns such as Name, Date of birth, CPF, Activity, Class,
            Weekday, Time, Enrolled from), or an Excel file with one tab per class, the tab named after the class. Nothing is saved before you check
            the preview and press Import.
          </Trans>
        }
        label={t`Class list`}
        flow={flow}
      />
      {loaded && loaded.sheets.length > 1 && (
        <Checkbox
          checked={tabPerClass}
          onChange={(event) => {
            const tabs = event.currentTarget.checked;
            setTabPerClass(tabs);
            setMapping(proposeEnrolmentMapping(tabs ? allHeadersOf(loaded.sheets) : loaded.sheets[sheet]!.headers, remembered(), tabs));
          }}
          label={t`One tab per class: read every tab, each tab's name being its class (${loaded.sheets.length} tabs)`}
          styles={radioTarget}
        />
      )}
      {loaded && (
        <MappingTable
          sheets={loaded.sheets}
          sheet={sheet}
          onSheet={(next) => {
            setSheet(next);
            setMapping(proposeEnrolmentMapping(loaded.sheets[next]!.headers, remembered()));
          }}
          mapping={mapping}
          onMapping={setMapping}
          rememberAs={MAPPING_KEY}
          fields={fieldOptions}
          repeatable={tabPerClass ? enrolmentFields : []}
          {...(tabPerClass ? { headers } : {})}
        />
      )}
      {loaded && !catalog && (classes.isError || activities.isError) && (
        <Alert color="red" role="alert">
          {t`The classes could not be loaded: the classes named in the file cannot be found.`}
        </Alert>
      )}
      {read && !read.matched && <MatchesFailed onRetry={flow.retryMatch} />}
      {view && (
        <>
          <EnrolmentCatalog
            canCreate={canCreate}
            createMissing={createMissing}
            onCreateMissing={setCreateMissing}
            activities={activityDrafts}
            onActivity={(key, draft) => setActivityDrafts((before) => ({ ...before, [key]: draft }))}
            classes={classDrafts}
            onClass={(key, draft) => setClassDrafts((before) => ({ ...before, [key]: draft }))}
            existing={activities.data ?? []}
          />
          <TextInput
            type="date"
            label={t`Enrolled from, for the rows that give no date`}
            value={defaultFrom}
            onChange={(event) => setDefaultFrom(event.currentTarget.value || todayIso())}
            w="fit-content"
            styles={{ input: { minHeight: 44 } }}
          />
          <EnrolmentPreview flow={flow} view={view} />
          <ImportProgress sending={sending} toSend={view.toSend} onStart={flow.start} onResume={flow.resume} />
        </>
      )}
    </Stack>
  );
}
