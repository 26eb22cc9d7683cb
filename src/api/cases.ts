/**
 * Follow-up cases on the device (issue 50): the list, one case, a child's cases and the month's follow-up report
 * (kept in the persisted query cache like every answer, so a social worker with no signal sees the case), and every
 * write through the outbox: 'case.open' -> POST /cases (the outbox id is the case's client id), 'case.step' -> POST
 * /cases/{id}/steps, 'case.outcome' -> PUT /cases/{id}/steps/{stepId}/outcome, 'case.close' -> POST /cases/{id}/close.
 * A case's writes follow each other (offline/record-writes.ts: each waits for the one before, the first for the
 * case's opening if it still waits) and each is sent on the case and version the one before got, so a visit recorded
 * offline after the opening arrives once, after it, and a close after the steps is no conflict with them. What the
 * screen shows offline is the cached copy with this device's writes laid into it as they are saved.
 */
import { queryOptions } from '@tanstack/react-query';
import type { CaseCloseOutcome, CaseOrigin, CaseStep, CaseStepInput, CaseStatusFilter, ContactOutcome, FollowUpCase } from './cases-contract.ts';
import { getParsed, getRecordParsed, HTTPError, sendParsed } from '../lib/http.ts';
import type { OutboxRow } from '../lib/db.ts';
import { enqueue, registerOutboxHandler } from '../offline/outbox.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { queryClient } from '../offline/query-client.ts';
import { enqueueRecordWrite, versionAfterParent } from '../offline/record-writes.ts';
import { meKeys } from './me.ts';
import type { Me } from './contract.ts';

const contract = () => import('./cases-contract.ts');

export const caseKeys = {
  all: ['cases'] as const,
  list: (status: CaseStatusFilter) => ['cases', 'list', status] as const,
  one: (id: string) => ['cases', 'one', id] as const,
  ofStudent: (studentId: string) => ['cases', 'student', studentId] as const,
  report: (month: string) => ['cases', 'report', month] as const,
};

export const casesQueryOptions = (status: CaseStatusFilter) =>
  queryOptions({
    queryKey: caseKeys.list(status),
    queryFn: () => getParsed(`cases?status=${status}`, () => contract().then((c) => c.caseListSchema)),
  });

export const studentCasesQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: caseKeys.ofStudent(studentId),
    queryFn: () => getRecordParsed(`students/${encodeURIComponent(studentId)}/cases`, () => contract().then((c) => c.studentCasesSchema), 'student'),
  });

export const followUpReportQueryOptions = (month: string) =>
  queryOptions({
    queryKey: caseKeys.report(month),
    queryFn: () => getParsed(`reports/follow-up?month=${month}`, () => contract().then((c) => c.followUpReportSchema)),
  });

export type CaseOpenPayload = { caseId: string; studentId: string; origin: CaseOrigin; note?: string };
export type CaseStepPayload = { caseId: string; studentId: string; step: CaseStepInput & { id: string } };
export type CaseOutcomePayload = { caseId: string; studentId: string; stepId: string; outcome: ContactOutcome };
export type CaseClosePayload = { caseId: string; studentId: string; outcome: CaseCloseOutcome; note?: string; version: number };

const caseWriteKinds = [outboxKinds.caseOpen, outboxKinds.caseStep, outboxKinds.caseOutcome, outboxKinds.caseClose] as const;
const ofCase = (caseId: string) => (payload: unknown) => (payload as { caseId?: string }).caseId === caseId;

const isoDay = (at: Date = new Date()): string =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
const dayPlus = (day: string, days: number): string => isoDay(new Date(new Date(`${day}T12:00:00`).getTime() + days * 86_400_000));
const myName = (): string => queryClient.getQueryData<Me>(meKeys.all)?.full_name ?? '';

/** Lays a change of one case into every cached copy of it (the child's cases, the case, the lists). */
function patchCase(studentId: string, caseId: string, change: (found: FollowUpCase) => FollowUpCase): void {
  queryClient.setQueryData<FollowUpCase[]>(caseKeys.ofStudent(studentId), (cases) =>
    cases?.map((found) => (found.id === caseId ? change(found) : found)),
  );
  queryClient.setQueryData<FollowUpCase>(caseKeys.one(caseId), (found) => (found ? change(found) : found));
}

/** What the device knows of the child when a case is opened here (the screen that opens it passes it). */
export type CaseChild = { studentId: string; studentName: string; classNames?: string[]; missedDates?: string[] };
/** The follow-up dialog of one child (features/cases), which a route hands to the screens that open it. */
export type FollowUpDialogProps = { child: CaseChild; origin: CaseOrigin; onClose: () => void };
export type FollowUpDialogLoader = () => Promise<{ default: import('react').ComponentType<FollowUpDialogProps> }>;

/** Opens a case (its id made here: the outbox id, so a resend creates nothing); answers its id. */
export async function enqueueCaseOpen(child: CaseChild, origin: CaseOrigin, note?: string): Promise<string> {
  const caseId = crypto.randomUUID();
  const today = isoDay();
  const opened: FollowUpCase = {
    id: caseId,
    studentId: child.studentId,
    studentName: child.studentName,
    classNames: child.classNames ?? [],
    origin,
    status: 'OPEN',
    openedOn: today,
    openedBy: myName(),
    daysOpen: 0,
    nextStepOn: dayPlus(today, 3),
    late: false,
    closedOn: null,
    outcome: null,
    version: 1,
    note: note ?? null,
    alertedOn: null,
    openedAt: new Date().toISOString(),
    closedBy: null,
    closeNote: null,
    steps: [],
    frequencySince: null,
    missedDates: child.missedDates ?? [],
  };
  queryClient.setQueryData<FollowUpCase[]>(caseKeys.ofStudent(child.studentId), (cases) => [opened, ...(cases ?? [])]);
  queryClient.setQueryData<FollowUpCase>(caseKeys.one(caseId), opened);
  const payload: CaseOpenPayload = { caseId, studentId: child.studentId, origin, ...(note ? { note } : {}) };
  await enqueue({ kind: outboxKinds.caseOpen, id: caseId, payload });
  return caseId;
}

/** Records a step (after the case's writes still waiting); answers the step's id. */
export async function enqueueCaseStep(studentId: string, caseId: string, input: CaseStepInput): Promise<string> {
  const id = crypto.randomUUID();
  const step = { ...input, id } as CaseStepInput & { id: string };
  const shown: CaseStep = {
    id,
    kind: input.kind,
    at: input.at,
    note: input.note ?? null,
    channel: input.kind === 'CONTACT' ? input.channel : null,
    outcome: input.kind === 'CONTACT' ? (input.outcome ?? null) : null,
    referralTo: input.kind === 'REFERRAL' ? input.referralTo : null,
    referralOn: input.kind === 'REFERRAL' ? input.referralOn : null,
    causes: input.kind === 'CAUSES' ? [...new Set(input.causes)] : [],
    recordedBy: myName(),
  };
  patchCase(studentId, caseId, (found) => ({
    ...found,
    steps: [...found.steps, shown],
    nextStepOn: input.nextStepOn ?? dayPlus(input.at.slice(0, 10), 7),
    late: false,
  }));
  const payload: CaseStepPayload = { caseId, studentId, step };
  await enqueueRecordWrite({ kind: outboxKinds.caseStep, payload, kinds: caseWriteKinds, ofRecord: ofCase(caseId), recordId: caseId });
  return id;
}

/** Says how a contact went (one recorded as a link was followed). */
export async function enqueueCaseOutcome(studentId: string, caseId: string, stepId: string, outcome: ContactOutcome): Promise<void> {
  patchCase(studentId, caseId, (found) => ({ ...found, steps: found.steps.map((step) => (step.id === stepId ? { ...step, outcome } : step)) }));
  const payload: CaseOutcomePayload = { caseId, studentId, stepId, outcome };
  await enqueueRecordWrite({ kind: outboxKinds.caseOutcome, payload, kinds: caseWriteKinds, ofRecord: ofCase(caseId), recordId: caseId });
}

/** Closes the case with its outcome, on the version the device knows (after its own writes: the chain's). */
export async function enqueueCaseClose(studentId: string, caseId: string, outcome: CaseCloseOutcome, version: number, note?: string): Promise<void> {
  patchCase(studentId, caseId, (found) => ({
    ...found,
    status: 'CLOSED',
    outcome,
    closedOn: isoDay(),
    closedBy: myName(),
    closeNote: note ?? null,
    nextStepOn: null,
    late: false,
  }));
  const payload: CaseClosePayload = { caseId, studentId, outcome, version, ...(note ? { note } : {}) };
  await enqueueRecordWrite({ kind: outboxKinds.caseClose, payload, kinds: caseWriteKinds, ofRecord: ofCase(caseId), recordId: caseId });
}

/** The case a write goes to: the one its opening got (another device's open case, adopted), else its own. */
const caseOf = (item: OutboxRow, own: string): string => {
  const adopted = item.parentResult?.caseId;
  return typeof adopted === 'string' ? adopted : own;
};

const afterWrite = (studentId: string) => {
  void queryClient.invalidateQueries({ queryKey: caseKeys.ofStudent(studentId) });
  void queryClient.invalidateQueries({ queryKey: ['cases', 'list'] });
  void queryClient.invalidateQueries({ queryKey: ['cases', 'report'] });
};

export function registerCaseHandlers(): void {
  registerOutboxHandler(outboxKinds.caseOpen, async (item) => {
    const { caseId, studentId, origin, note } = item.payload as CaseOpenPayload;
    const { caseSchema } = await contract();
    try {
      const saved = await sendParsed('post', 'cases', { id: caseId, studentId, origin, ...(note ? { note } : {}) }, caseSchema);
      afterWrite(studentId);
      return { caseId: saved.id, version: saved.version };
    } catch (error) {
      // Someone else opened one for this child meanwhile: this device's steps go to that case (one open case each).
      if (error instanceof HTTPError && error.response.status === 409) {
        const body = (await error.response.clone().json()) as { code?: string; current?: unknown };
        const current = body.code === 'case-open' ? caseSchema.safeParse(body.current) : undefined;
        if (current?.success) {
          afterWrite(studentId);
          return { caseId: current.data.id, version: current.data.version };
        }
      }
      throw error;
    }
  });
  registerOutboxHandler(outboxKinds.caseStep, async (item) => {
    const { caseId, studentId, step } = item.payload as CaseStepPayload;
    const { caseSchema } = await contract();
    const saved = await sendParsed('post', `cases/${encodeURIComponent(caseOf(item, caseId))}/steps`, step, caseSchema);
    afterWrite(studentId);
    return { caseId: saved.id, version: saved.version };
  });
  registerOutboxHandler(outboxKinds.caseOutcome, async (item) => {
    const { caseId, studentId, stepId, outcome } = item.payload as CaseOutcomePayload;
    const { caseSchema } = await contract();
    const target = caseOf(item, caseId);
    const saved = await sendParsed('put', `cases/${encodeURIComponent(target)}/steps/${encodeURIComponent(stepId)}/outcome`, { outcome }, caseSchema);
    afterWrite(studentId);
    return { caseId: saved.id, version: saved.version };
  });
  registerOutboxHandler(
    outboxKinds.caseClose,
    async (item) => {
      const { caseId, studentId, outcome, note, version } = item.payload as CaseClosePayload;
      const { caseSchema } = await contract();
      const body = { outcome, version: versionAfterParent(item, version), ...(note ? { note } : {}) };
      const saved = await sendParsed('post', `cases/${encodeURIComponent(caseOf(item, caseId))}/close`, body, caseSchema);
      afterWrite(studentId);
      return { caseId: saved.id, version: saved.version };
    },
    // "Keep mine" of a conflict: the close sent again on the case's version now.
    { rebase: (payload, current) => ({ ...(payload as CaseClosePayload), version: Number((current as { version?: unknown }).version) }) },
  );
}
