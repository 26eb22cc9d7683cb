/**
 * The class list import (issue 54 item 2) on /alunos/importar: a file with one row per child and class, or an XLSX
 * with a tab per class (the tab's name is the class), read in the import's worker; its columns mapped; every row
 * previewed (the child Quadra has or a new one, the class, already enrolled or not, problems); the activities and
 * classes Quadra does not have offered for creation and completed; the good rows written in batches.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { activitiesQueryOptions, activityKeys } from '../../api/activities.ts';
import { activityAreas, activityFrequencies } from '../../api/contract.ts';
import { classesQueryOptions, classKeys } from '../../api/classes.ts';
import type { EnrolmentMatch, ImportEnrolmentResultRow } from '../../api/enrolment-imports-contract.ts';
import { findEnrolmentMatches, sendEnrolmentBatch } from '../../api/enrolment-imports.ts';
import { IMPORT_MATCH_MAX } from '../../api/imports-contract.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { queryClient } from '../../offline/query-client.ts';
import { enrolmentFields, proposeEnrolmentMapping, type EnrolmentMapped } from './enrolment-fields.ts';
import { EnrolmentCatalog } from './enrolment-catalog.tsx';
import { batchOf, countPlan, rowsToSend, type ActivityDraft, type ClassDraft, type Plan } from './enrolment-plan.ts';
import { EnrolmentPreview } from './enrolment-preview.tsx';
import { EnrolmentResult } from './enrolment-result.tsx';
import { enrolmentFieldLabels } from './enrolment-texts.ts';
import { normalize } from './import-fields.ts';
import type { SheetSummary } from './import-worker.ts';
import { MappingTable } from './mapping-table.tsx';
import { allHeadersOf, type CatalogChoice, type EnrolmentRead } from './read-enrolments.ts';
import { ImportStopped, sendInBatches, type SendProgress } from './send-import.ts';
import { useImportWorker } from './use-import-worker.ts';

const MAPPING_KEY = 'quadra.import-enrolment-mapping';
const remembered = (): Record<string, EnrolmentMapped> => {
  try {
    return JSON.parse(localStorage.getItem(MAPPING_KEY) ?? '{}') as Record<string, EnrolmentMapped>;
  } catch {
    return {};
  }
};
const todayIso = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

type Loaded = { fileName: string; sheets: SheetSummary[] };
type Sending = { progress: SendProgress; stopped?: ImportStopped };

export function EnrolmentImport() {
  const { t, i18n } = useLingui();
  const { can } = usePermissions();
  const canCreate = can('activities:write') && can('classes:write');
  const ask = useImportWorker();
  const classes = useQuery(classesQueryOptions());
  const activities = useQuery(activitiesQueryOptions());
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<'unreadable' | 'empty' | null>(null);
  const [sheet, setSheet] = useState(0);
  const [tabPerClass, setTabPerClass] = useState(false);
  const [mapping, setMapping] = useState<EnrolmentMapped[]>([]);
  const [read, setRead] = useState<EnrolmentRead | null>(null);
  const [matches, setMatches] = useState<Map<number, EnrolmentMatch> | 'failed' | null>(null);
  const [matchAttempt, setMatchAttempt] = useState(0);
  const [createMissing, setCreateMissing] = useState(true);
  const [activityDrafts, setActivityDrafts] = useState<Record<string, ActivityDraft>>({});
  const [classDrafts, setClassDrafts] = useState<Record<string, ClassDraft>>({});
  const [defaultFrom, setDefaultFrom] = useState(todayIso);
  const [sending, setSending] = useState<Sending | null>(null);
  const [results, setResults] = useState<ImportEnrolmentResultRow[] | null>(null);
  const [previewMs, setPreviewMs] = useState<number | null>(null);
  const started = useRef(0);
  const importId = useRef(crypto.randomUUID());

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
  const headers = useMemo(
    () => (loaded ? (tabPerClass ? allHeadersOf(loaded.sheets) : (loaded.sheets[sheet]?.headers ?? [])) : []),
    [loaded, tabPerClass, sheet],
  );

  useEffect(() => {
    if (!file) return;
    let current = true;
    started.current = performance.now();
    setLoaded(null);
    setFailure(null);
    setRead(null);
    setResults(null);
    setSending(null);
    importId.current = crypto.randomUUID();
    void file.arrayBuffer().then(async (buffer) => {
      const answer = await ask({ type: 'parse', buffer, fileName: file.name }, [buffer]);
      if (!current) return;
      if (answer.type === 'failed') setFailure(answer.reason);
      if (answer.type !== 'parsed') return;
      const proposed = proposeEnrolmentMapping(answer.sheets[0]!.headers, remembered());
      // Several sheets and no class column: a tab per class.
      const tabs = answer.sheets.length > 1 && !proposed.includes('className');
      setLoaded({ fileName: file.name, sheets: answer.sheets });
      setSheet(0);
      setTabPerClass(tabs);
      setMapping(proposeEnrolmentMapping(tabs ? allHeadersOf(answer.sheets) : answer.sheets[0]!.headers, remembered(), tabs));
    });
    return () => {
      current = false;
    };
  }, [file, ask]);

  useEffect(() => {
    if (!loaded || !catalog || mapping.length === 0) return;
    let current = true;
    const sheets = tabPerClass ? loaded.sheets.map((_, index) => index) : [sheet];
    void ask({ type: 'read-enrolments', sheets, headers, mapping, catalog, tabPerClass }).then((answer) => {
      if (!current || answer.type !== 'enrolments') return;
      setRead(answer.read);
      // The new activities and classes, with what the file says of them; what the user completed already is kept.
      setActivityDrafts((before) =>
        Object.fromEntries(
          answer.read.newActivities.map((draft) => [
            draft.key,
            before[draft.key] ?? {
              id: crypto.randomUUID(),
              name: draft.name,
              teacher: draft.teacher ?? '',
              area: activityAreas[0],
              frequency: activityFrequencies[1],
            },
          ]),
        ),
      );
      setClassDrafts((before) =>
        Object.fromEntries(
          answer.read.newClasses.map((draft) => [
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
        ),
      );
    });
    return () => {
      current = false;
    };
  }, [loaded, sheet, tabPerClass, headers, mapping, catalog, ask]);

  useEffect(() => {
    if (!read) return;
    let current = true;
    setMatches(null);
    const keys = read.rows.flatMap(({ row, student, classKey }) =>
      student.fullName
        ? [
            {
              row,
              name: student.fullName,
              ...(student.registrationNumber ? { cpf: student.registrationNumber } : {}),
              ...(student.dateOfBirth ? { birthDate: student.dateOfBirth } : {}),
              ...(classKey?.startsWith('id:') ? { classId: classKey.slice(3) } : {}),
            },
          ]
        : [],
    );
    void (async () => {
      try {
        const found: EnrolmentMatch[] = [];
        for (let start = 0; start < keys.length; start += IMPORT_MATCH_MAX)
          found.push(...(await findEnrolmentMatches(keys.slice(start, start + IMPORT_MATCH_MAX))));
        if (!current) return;
        setMatches(new Map(found.map((match) => [match.row, match])));
        if (started.current) {
          setPreviewMs(Math.round(performance.now() - started.current));
          started.current = 0;
        }
      } catch {
        if (current) setMatches('failed');
      }
    })();
    return () => {
      current = false;
    };
  }, [read, matchAttempt]);

  const plan = useMemo<Plan | null>(
    () =>
      read && matches instanceof Map
        ? { read, matches, createMissing: canCreate && createMissing, activities: activityDrafts, classes: classDrafts }
        : null,
    [read, matches, canCreate, createMissing, activityDrafts, classDrafts],
  );
  const counts = useMemo(() => (plan ? countPlan(plan) : null), [plan]);
  const toSend = useMemo(() => (plan ? rowsToSend(plan, defaultFrom) : []), [plan, defaultFrom]);

  const changeMapping = (next: EnrolmentMapped[]) => {
    setMapping(next);
    const saved = { ...remembered() };
    headers.forEach((header, column) => {
      const key = normalize(header);
      if (key) saved[key] = next[column] ?? '';
    });
    localStorage.setItem(MAPPING_KEY, JSON.stringify(saved));
  };

  async function startSending(from = 0, before: ImportEnrolmentResultRow[] = []) {
    if (!plan) return;
    setSending({ progress: { sent: from, total: toSend.length } });
    try {
      const done = await sendInBatches(toSend, { from, results: before, onProgress: (progress) => setSending({ progress }) }, (batch) =>
        sendEnrolmentBatch(batchOf(plan, importId.current, batch)),
      );
      setResults(done);
      setSending(null);
    } catch (error) {
      if (!(error instanceof ImportStopped)) throw error;
      setSending({ progress: { sent: error.at, total: toSend.length }, stopped: error });
    } finally {
      // New classes and activities, and rosters, changed on the server.
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    }
  }

  const chooseAnother = () => {
    setFile(null);
    setLoaded(null);
    setRead(null);
    setResults(null);
    setSending(null);
    setActivityDrafts({});
    setClassDrafts({});
  };

  if (results && plan && loaded) return <EnrolmentResult fileName={loaded.fileName} plan={plan} results={results} onAnother={chooseAnother} />;

  const fieldOptions = enrolmentFields.map((field) => ({ value: field, label: i18n._(enrolmentFieldLabels[field]) }));
  return (
    <Stack gap="md">
      <Text>
        <Trans>
          Choose the class list: a CSV or Excel file with one row per child and class (columns such as Name, Date of birth, CPF, Activity, Class,
          Weekday, Time, Enrolled from), or an Excel file with one tab per class, the tab named after the class. Nothing is saved before you check the
          preview and press Import.
        </Trans>
      </Text>
      <FileInput
        label={t`Class list`}
        placeholder={t`Choose a file`}
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        value={file}
        onChange={setFile}
        disabled={sending !== null && !sending.stopped}
        styles={{ input: { minHeight: 44 } }}
        data-testid="import-file"
      />
      {file && !loaded && !failure && <Text c="gray.7">{t`Reading the file…`}</Text>}
      {failure && (
        <Alert color="red" role="alert">
          {failure === 'empty' ? t`The file has no rows.` : t`This file could not be read: choose a CSV or an Excel (.xlsx) file.`}
        </Alert>
      )}
      {loaded && loaded.sheets.length > 1 && (
        <Checkbox
          checked={tabPerClass}
          onChange={(event) => {
            const tabs = event.currentTarget.checked;
            setTabPerClass(tabs);
            setMapping(proposeEnrolmentMapping(tabs ? allHeadersOf(loaded.sheets) : loaded.sheets[sheet]!.headers, remembered(), tabs));
          }}
          label={t`One tab per class: read every tab, each tab's name being its class (${loaded.sheets.length} tabs)`}
          styles={{ body: { alignItems: 'center', minHeight: 44 } }}
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
          onMapping={changeMapping}
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
      {matches === 'failed' && (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text>{t`Quadra could not check which children are registered already: the server could not be reached.`}</Text>
            <Button variant="light" mih={44} w="fit-content" onClick={() => setMatchAttempt((attempt) => attempt + 1)}>
              {t`Try again`}
            </Button>
          </Stack>
        </Alert>
      )}
      {plan && counts && (
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
          <EnrolmentPreview plan={plan} counts={counts} defaultFrom={defaultFrom} previewMs={previewMs} />
          {sending ? (
            <Stack gap="xs" data-testid="import-progress">
              <Text>{t`Imported ${sending.progress.sent} of ${sending.progress.total} rows`}</Text>
              <Progress value={(100 * sending.progress.sent) / Math.max(1, sending.progress.total)} aria-label={t`Import progress`} />
              {sending.stopped && (
                <Alert color="red" role="alert">
                  <Stack gap="xs">
                    <Text>
                      {sending.stopped.rejected
                        ? t`The server refused the import. The rows before row ${sending.progress.sent + 1} are saved.`
                        : t`The connection failed. The rows before row ${sending.progress.sent + 1} are saved; Try again goes on from there, and creates nothing twice.`}
                    </Text>
                    <Button
                      mih={44}
                      w="fit-content"
                      onClick={() => void startSending(sending.stopped!.at, sending.stopped!.results as ImportEnrolmentResultRow[])}
                    >
                      {t`Try again`}
                    </Button>
                  </Stack>
                </Alert>
              )}
            </Stack>
          ) : (
            <Group>
              <Button mih={44} disabled={toSend.length === 0} onClick={() => void startSending()} data-testid="import-start">
                {t`Import ${toSend.length} rows`}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
