import { useRef, useState } from 'react';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;
/** The fields that hold text, the ones an input edits. */
export type TextField<V> = {
  [K in keyof V]: V[K] extends string ? K : never;
}[keyof V];

type Options<V> = {
  initialValues: V;
  /** Every field's error for these values; a field without one is valid. */
  validate: (values: V) => FieldErrors<V>;
  /** Called with the new values after each change made by the user or by setFieldValue / setValues. */
  onValuesChange?: (values: V) => void;
};

export type FormState<V> = {
  values: V;
  /** The latest values, also between a change and the next render. */
  getValues: () => V;
  setValues: (values: V) => void;
  setFieldValue: <K extends keyof V>(field: K, value: V[K]) => void;
  /** Props for a text input or native select: value, change, and the field's error once it was left or submitted. */
  getInputProps: (field: TextField<V>) => {
    value: string;
    error: string | undefined;
    onChange: (event: { currentTarget: { value: string } }) => void;
    onBlur: () => void;
  };
  onSubmit: (onValid: (values: V) => void, onInvalid?: (errors: FieldErrors<V>) => void) => (event?: { preventDefault: () => void }) => void;
  /**
   * Marks a field with an error the form's checks cannot see (the server's refusal: a CPF already registered). It stays
   * until the field is changed: leaving the field does not check it away.
   */
  setFieldError: (field: keyof V, message: string) => void;
  /** Back to the initial values, with no errors shown. */
  reset: () => void;
};

/**
 * A form's values and shown errors. A field is checked when it is left and every field on submit; changing a field
 * hides its error until then. (What this page used of @mantine/form, without its 6 KB gzip on the first load.)
 */
export function useFormState<V extends object>({ initialValues, validate, onValuesChange }: Options<V>): FormState<V> {
  const [values, setValuesState] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [refused, setRefused] = useState<FieldErrors<V>>({});
  const latest = useRef(values);

  const setValues = (next: V) => {
    latest.current = next;
    setValuesState(next);
    onValuesChange?.(next);
  };
  const showError = (field: keyof V, message: string | undefined) =>
    setErrors((previous) => {
      if (previous[field] === message) return previous;
      const next = { ...previous };
      if (message === undefined) delete next[field];
      else next[field] = message;
      return next;
    });
  const setFieldValue = <K extends keyof V>(field: K, value: V[K]) => {
    setValues({ ...latest.current, [field]: value });
    showError(field, undefined);
    setRefused((previous) => {
      if (!(field in previous)) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
  };

  return {
    values,
    getValues: () => latest.current,
    setValues,
    setFieldValue,
    getInputProps: (field) => ({
      value: values[field] as string,
      error: errors[field] ?? refused[field],
      onChange: (event) => setFieldValue(field, event.currentTarget.value as V[keyof V]),
      onBlur: () => showError(field, validate(latest.current)[field]),
    }),
    onSubmit: (onValid, onInvalid) => (event) => {
      event?.preventDefault();
      const found = validate(latest.current);
      setErrors(found);
      if (Object.keys(found).length > 0) onInvalid?.(found);
      else onValid(latest.current);
    },
    setFieldError: (field, message) => setRefused((previous) => ({ ...previous, [field]: message })),
    reset: () => {
      latest.current = initialValues;
      setValuesState(initialValues);
      setErrors({});
      setRefused({});
    },
  };
}
