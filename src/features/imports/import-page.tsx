/**
 * /alunos/importar (issue 54): a programme's spreadsheet of children (CSV or XLSX) read in the browser, in a worker;
 * its columns mapped to Quadra's fields (proposed from the header names, corrected with selects, remembered on the
 * device for the next file); every row previewed as it will be stored, with its problems and the children Quadra has
 * already; the good rows written in batches; and a result with a CSV of the rows refused and why.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Progress, Radio, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { classesQueryOptions } from '../../api/classes.ts';
import { IMPORT_MATCH_MAX, type ImportMatch, type ImportMatchAction, type ImportRowResult } from '../../api/imports-contract.ts';
import { findImportMatches } from '../../api/imports.ts';
import { BackToStudents } from '../../components/back-button.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { proposeMapping, rememberMapping, type MappedField, type RememberedMapping } from './import-fields.ts';
import type { SheetSummary } from './import-worker.ts';
import { MappingTable } from './mapping-table.tsx';
import { PreviewTable } from './preview-table.tsx';
import { ImportResult } from './import-result.tsx';
import { ExportEverything } from './export-everything.tsx';
import { EnrolmentImport } from './enrolment-import.tsx';
import { usePermissions } from '../../components/use-permissions.ts';
import { countRows, rowToSend, statusOf, type ClassChoice, type ReadRow } from './read-rows.ts';
import { ImportStopped, sendImport, type SendProgress } from './send-import.ts';
import { useImportWorker } from './use-import-worker.ts';

const MAPPING_KEY = 'quadra.import-mapping';
const remembered = (): RememberedMapping => {
  try {
    return JSON.parse(localStorage.getItem(MAPPING_KEY) ?? '{}') as RememberedMapping;
  } catch {
    return {};
  }
};

type Loaded = { fileName: string; sheets: SheetSummary[] };
type Sending = { progress: SendProgress; stopped?: ImportStopped };

export function ImportPage() {
  const { t } = useLingui();
  const { can } = usePermissions();
  const ask = useImportWorker();
  const classes = useQuery(classesQueryOptions());
  const activities = useQuery(activitiesQueryOptions());
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<'unreadable' | 'empty' | null>(null);
  const [sheet, setSheet] = useState(0);
  const [mapping, setMapping] = useState<MappedField[]>([]);
  const [rows, setRows] = useState<ReadRow[] | null>(null);
  const [matches, setMatches] = useState<Map<number, ImportMatch> | 'failed' | null>(null);
  const [matchAttempt, setMatchAttempt] = useState(0);
  const [onMatch, setOnMatch] = useState<ImportMatchAction>('skip');
  const [sending, setSending] = useState<Sending | null>(null);
  const [results, setResults] = useState<ImportRowResult[] | null>(null);
  const [previewMs, setPreviewMs] = useState<number | null>(null);
  /** What the file holds: children, one a row (item 1), or a class list, one row per child and class (item 2). */
  const [kind, setKind] = useState<'students' | 'classes'>('students');
  const started = useRef(0);
  const importId = useRef(crypto.randomUUID());

  const classChoices = useMemo<ClassChoice[] | undefined>(() => {
    if (!classes.data) return undefined;
    const activityName = new Map((activities.data ?? []).map((activity) => [activity.id, activity.name]));
    return classes.data.map((group) => ({ id: group.id, title: group.title, activityName: activityName.get(group.activityId) ?? '' }));
  }, [classes.data, activities.data]);

  // A file chosen: the worker reads it; the mapping is proposed from its first sheet's headers.
  useEffect(() => {
    if (!file) return;
    let current = true;
    started.current = performance.now();
    setLoaded(null);
    setFailure(null);
    setRows(null);
    setResults(null);
    setSending(null);
    importId.current = crypto.randomUUID();
    void file.arrayBuffer().then(async (buffer) => {
      const answer = await ask({ type: 'parse', buffer, fileName: file.name }, [buffer]);
      if (!current) return;
      if (answer.type === 'failed') setFailure(answer.reason);
      if (answer.type !== 'parsed') return;
      setLoaded({ fileName: file.name, sheets: answer.sheets });
      setSheet(0);
      setMapping(proposeMapping(answer.sheets[0]!.headers, remembered()));
    });
    return () => {
      current = false;
    };
  }, [file, ask]);

  // The rows read again whenever the mapping, the sheet or the classes change.
  useEffect(() => {
    if (!loaded || !classChoices || mapping.length === 0) return;
    let current = true;
    void ask({ type: 'read', sheet, mapping, classes: classChoices }).then((answer) => {
      if (!current || answer.type !== 'read') return;
      setRows(answer.rows);
    });
    return () => {
      current = false;
    };
  }, [loaded, sheet, mapping, classChoices, ask]);

  // Which rows name a child Quadra has already (asked for the rows with a CPF, or a name and a birth date).
  useEffect(() => {
    if (!rows) return;
    let current = true;
    setMatches(null);
    const keys = rows.flatMap(({ row, student }) =>
      student.registrationNumber || (student.fullName && student.dateOfBirth)
        ? [
            {
              row,
              ...(student.registrationNumber ? { cpf: student.registrationNumber } : {}),
              name: student.fullName,
              ...(student.dateOfBirth ? { birthDate: student.dateOfBirth } : {}),
            },
          ]
        : [],
    );
    void (async () => {
      try {
        const found: ImportMatch[] = [];
        for (let start = 0; start < keys.length; start += IMPORT_MATCH_MAX)
          found.push(...(await findImportMatches(keys.slice(start, start + IMPORT_MATCH_MAX))));
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
  }, [rows, matchAttempt]);

  const matchMap = matches instanceof Map ? matches : undefined;
  const counts = rows && matchMap ? countRows(rows, matchMap, onMatch) : null;
  const toSend = rows && matchMap ? rows.filter((row) => ['new', 'update'].includes(statusOf(row, matchMap.get(row.row), onMatch))) : [];
  const headers = loaded?.sheets[sheet]?.headers ?? [];

  const changeMapping = (next: MappedField[]) => {
    setMapping(next);
    localStorage.setItem(MAPPING_KEY, JSON.stringify(rememberMapping(headers, next, remembered())));
  };

  async function startSending(from = 0, before: ImportRowResult[] = []) {
    const batchRows = toSend.map(rowToSend);
    setSending({ progress: { sent: from, total: batchRows.length } });
    try {
      const done = await sendImport(batchRows, {
        importId: importId.current,
        onMatch,
        from,
        results: before,
        onProgress: (progress) => setSending({ progress }),
      });
      setResults(done);
      setSending(null);
    } catch (error) {
      if (!(error instanceof ImportStopped)) throw error;
      setSending({ progress: { sent: error.at, total: batchRows.length }, stopped: error });
    }
  }

  const chooseAnother = () => {
    setFile(null);
    setLoaded(null);
    setRows(null);
    setResults(null);
    setSending(null);
  };

  const kindChoice = (
    <Radio.Group label={t`What the file holds`} value={kind} onChange={(value) => setKind(value as 'students' | 'classes')}>
      <Stack gap="xs" mt="xs">
        <Radio value="students" label={t`Children: one child a row, with their record and guardian`} data-testid="import-kind-students" />
        <Radio
          value="classes"
          label={t`Classes and enrolments: one row per child and class, or one tab per class`}
          data-testid="import-kind-classes"
        />
      </Stack>
    </Radio.Group>
  );

  if (kind === 'classes') {
    return (
      <Stack gap="md">
        <BackToStudents />
        <PageTitle>{t`Import students`}</PageTitle>
        {kindChoice}
        <EnrolmentImport />
        {can('data:export') && <ExportEverything />}
      </Stack>
    );
  }

  if (results && rows && loaded) {
    return (
      <Stack gap="md">
        <BackToStudents />
        <PageTitle>{t`Import students`}</PageTitle>
        <ImportResult fileName={loaded.fileName} headers={headers} rows={rows} results={results} onAnother={chooseAnother} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <BackToStudents />
      <PageTitle>{t`Import students`}</PageTitle>
      {!sending && kindChoice}
      <Text>
        <Trans>
          Choose the programme's spreadsheet: a CSV file (separated by semicolons, commas or tabs, as Excel or Google Sheets save it) or an Excel file
          (.xlsx), one child a row, with the column names in the first row. Nothing is saved before you check the preview and press Import.
        </Trans>
      </Text>
      <FileInput
        label={t`Spreadsheet`}
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
      {loaded && (
        <MappingTable
          sheets={loaded.sheets}
          sheet={sheet}
          onSheet={(next) => {
            setSheet(next);
            setMapping(proposeMapping(loaded.sheets[next]!.headers, remembered()));
          }}
          mapping={mapping}
          onMapping={changeMapping}
        />
      )}
      {loaded && !classChoices && classes.isError && (
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
      {rows && counts && (
        <>
          <Radio.Group
            label={t`Children already in Quadra (same CPF, or same name and date of birth)`}
            value={onMatch}
            onChange={(value) => setOnMatch(value as ImportMatchAction)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="skip" label={t`Skip them: leave their records as they are`} />
              <Radio value="update" label={t`Update them with the file's filled cells`} />
            </Stack>
          </Radio.Group>
          <PreviewTable rows={rows} matches={matchMap!} onMatch={onMatch} counts={counts} previewMs={previewMs} />
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
                      onClick={() => void startSending(sending.stopped!.at, sending.stopped!.results as ImportRowResult[])}
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
      {can('data:export') && !sending && <ExportEverything />}
    </Stack>
  );
}
