import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GuardianFields } from '../../api/guardians.ts';
import { useEnumOptions } from '../../components/use-enum.ts';
import { focusFirstInvalidSoon } from '../../components/focus-first-invalid.ts';
import {
  requiredGuardianFields,
  textParams,
  textSearchPatch,
  validateGuardian,
  valuesFromSearch,
  type GuardianFormValues,
  type TextField,
} from './guardian-form.ts';
import type { GuardianSearch } from './guardian-search.ts';
import { readSessionDraft, removeSessionDraft, writeSessionDraft } from '../../lib/session-draft.ts';
import type { ComponentType } from 'react';

/**
 * What a new guardian is asked besides their fields, composed in by the route (issue 51: the child's consents, a feature
 * of its own): a part of the form and what to queue once the guardian is queued.
 */
export type GuardianExtras = {
  Fields: ComponentType<{ answers: Record<string, string>; onChange: (answers: Record<string, string>) => void }>;
  afterCreate: (studentId: string, guardianId: string, answers: Record<string, string>) => Promise<void>;
};

/** SPEC §5, §9: text inputs reach the URL 300 ms after the last keystroke. */
export const URL_DEBOUNCE_MS = 300;

export type SearchUpdater = (update: (previous: GuardianSearch) => GuardianSearch) => void;

/** The guardian an edit starts from: its id, the version it was read at, and its values (with this device's queued edit). */
export type EditedGuardian = { id: string; version: number | undefined; values: GuardianFormValues };

type Props = {
  mode: 'create' | 'edit';
  /** With mode 'edit': the guardian being edited. */
  editing?: EditedGuardian;
  search: GuardianSearch;
  updateSearch: SearchUpdater;
  onClose: () => void;
  /** `extras`: the answers of the extras' fields (create only). */
  onSave: (fields: GuardianFields, extras: Record<string, string>) => Promise<void>;
  /** A part of the form a new guardian also fills in (GuardianExtras.Fields). */
  extras?: GuardianExtras['Fields'];
  /** Why saving is impossible here (sample records), shown instead of allowing a save. */
  blockedReason?: string;
};

type Errors = {
  form?: string;
  cpf?: string;
  email?: string;
  birthDate?: string;
  phone?: string;
  /** The required fields left empty (SPEC §5, issue 52), marked beside the form's message. */
  empty?: ReadonlySet<keyof GuardianFormValues>;
};

/** An edit's typing, per guardian and the version it started from (brought back only onto that version). */
const editDraftKey = (id: string) => `quadra.guardian-edit.draft.${id}`;
function readEditDraft(editing: EditedGuardian): GuardianFormValues | undefined {
  const draft = readSessionDraft(editDraftKey(editing.id));
  if (!draft || draft.version !== (editing.version ?? null) || typeof draft.values !== 'object' || draft.values === null) return undefined;
  const stored = draft.values as Record<string, unknown>;
  const values = { ...editing.values };
  for (const key of Object.keys(values) as (keyof GuardianFormValues)[]) if (typeof stored[key] === 'string') values[key] = stored[key];
  return values;
}

/**
 * The register / edit guardian modal. Registering mirrors every field in the URL (SPEC §2), so a reload restores a
 * half-filled form; an edit keeps its typing in the tab's sessionStorage instead (guardian-form.ts says why).
 */
export function GuardianModal({ mode, editing, search, updateSearch, onClose, onSave, blockedReason, extras: Extras }: Props) {
  const { t } = useLingui();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  // Read the URL (or the edit's draft) once when the modal opens; afterwards the inputs lead.
  const [values, setValues] = useState<GuardianFormValues>(() => (editing ? (readEditDraft(editing) ?? editing.values) : valuesFromSearch(search)));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const civilOptions = useEnumOptions('civilState', t`Select…`);
  const relationshipOptions = useEnumOptions('relationship', t`Select…`);

  const writeTexts = useDebouncedCallback((next: GuardianFormValues) => {
    if (editing) writeSessionDraft(editDraftKey(editing.id), { version: editing.version ?? null, values: next });
    else updateSearch((previous) => ({ ...previous, ...textSearchPatch(next) }));
  }, URL_DEBOUNCE_MS);
  const forgetDraft = () => {
    writeTexts.cancel();
    if (editing) removeSessionDraft(editDraftKey(editing.id));
  };

  const unmark = (field: keyof GuardianFormValues) =>
    setErrors((previous) => {
      if (!previous.empty?.has(field)) return previous;
      const empty = new Set(previous.empty);
      empty.delete(field);
      return { ...previous, empty };
    });

  const setText = (field: TextField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    unmark(field);
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    writeTexts(next);
  };
  const setImmediate = (field: 'civilState' | 'birthDate' | 'relationship', param: 'select1' | 'select2' | 'date1') => (value: string) => {
    unmark(field);
    const next = { ...values, [field]: value };
    setValues(next);
    if (editing) writeTexts(next);
    else updateSearch((previous) => ({ ...previous, [param]: value === '' ? undefined : value }));
  };

  const close = () => {
    // A late debounced write would bring the cleared parameters (or the edit's draft) back.
    forgetDraft();
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (blockedReason) return;
    const result = validateGuardian(values);
    if (!result.ok) {
      focusFirstInvalidSoon(() => formRef.current);
      if (result.empty) {
        const empty = new Set<keyof GuardianFormValues>(requiredGuardianFields.filter((field) => values[field].trim() === ''));
        setErrors({ form: t`Please fill in all fields.`, empty });
      } else
        setErrors({
          ...(result.cpf ? { cpf: t`Invalid CPF: check the digits.` } : {}),
          ...(result.email ? { email: t`Enter a valid email address, like name@example.com.` } : {}),
          ...(result.birthDate ? { birthDate: t`Enter a valid date.` } : {}),
          ...(result.phone ? { phone: t`The phone can have at most 30 characters.` } : {}),
        });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(result.fields, mode === 'create' && Extras ? answers : {});
      forgetDraft();
    } finally {
      setSaving(false);
    }
  };

  // An empty required field is marked (red, aria-invalid) without a message of its own: the form's message says it.
  const errorOf = (field: keyof GuardianFormValues, message?: string) => message ?? (errors.empty?.has(field) ? true : undefined);

  const input = (
    field: TextField,
    label: string,
    extra: { type?: string; inputMode?: 'numeric' | 'tel' | 'email'; error?: string; autoFocus?: boolean; optional?: boolean } = {},
  ) => (
    <TextInput
      label={label}
      name={textParams[field]}
      value={values[field]}
      onChange={setText(field)}
      type={extra.type}
      inputMode={extra.inputMode}
      error={errorOf(field, extra.error)}
      required={!extra.optional}
      data-autofocus={extra.autoFocus || undefined}
    />
  );

  return (
    <Modal
      opened
      onClose={close}
      title={mode === 'create' ? t`Register Guardian` : t`Edit Guardian`}
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        {blockedReason ? (
          <Alert color="orange" variant="light" styles={{ message: { color: 'var(--mantine-color-orange-9)' } }} mb="md" role="status">
            {blockedReason}
          </Alert>
        ) : null}
        {errors.form ? (
          <Alert
            color="red"
            variant="light"
            styles={{ message: { color: 'var(--mantine-color-red-9)' } }}
            mb="md"
            role="alert"
            data-testid="guardian-form-error"
          >
            {errors.form}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {input('name', t`Name`, { autoFocus: true })}
          {input('socialName', t`Social name`, { optional: true })}
          <NativeSelect
            label={t`Relationship to the child`}
            name="select2"
            data={relationshipOptions}
            value={values.relationship}
            onChange={(event) => setImmediate('relationship', 'select2')(event.currentTarget.value)}
            error={errorOf('relationship')}
            required
          />
          {input('cpf', t`CPF`, { inputMode: 'numeric', error: errors.cpf })}
          <TextInput
            label={t`Birth date`}
            name="date1"
            type="date"
            value={values.birthDate}
            onChange={(event) => setImmediate('birthDate', 'date1')(event.currentTarget.value)}
            error={errorOf('birthDate', errors.birthDate)}
            required
          />
          <NativeSelect
            label={t`Civil status`}
            name="select1"
            data={civilOptions}
            value={values.civilState}
            onChange={(event) => setImmediate('civilState', 'select1')(event.currentTarget.value)}
            error={errorOf('civilState')}
          />
          {input('nis', t`NIS`, { inputMode: 'numeric', optional: true })}
          {input('phone', t`Phone`, { type: 'tel', inputMode: 'tel', error: errors.phone })}
          {input('email', t`Email`, { type: 'email', inputMode: 'email', error: errors.email, optional: true })}
          {input('address', t`Address`, { optional: true })}
        </SimpleGrid>
        {mode === 'create' && Extras && <Extras answers={answers} onChange={setAnswers} />}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} mih={44}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={saving} disabled={Boolean(blockedReason)} mih={44}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
