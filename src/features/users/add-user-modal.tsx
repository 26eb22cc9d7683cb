import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { accessLevels, cleanText, userCreateSchema, type AccessLevel } from '../../api/contract.ts';
import { enqueueUserCreate } from '../../api/users.ts';
import { accessLabels } from '../../components/enum-labels.ts';
import { notify } from '../../components/notify.ts';
import { focusFirstInvalidSoon } from '../../components/focus-first-invalid.ts';

type Fields = { full_name: string; email: string; phone: string; formation: string; access: AccessLevel };
const empty: Fields = { full_name: '', email: '', phone: '', formation: '', access: 'instrutor' };

/**
 * An admin adds a staff user: name, e-mail (what they sign in with), phone, formation and access. Checked with the
 * contract, then queued in the outbox like every write; the user can sign in once the server has it.
 */
export function AddUserModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // A double tap on "Add user" adds the user once, with one toast: the second lands while the first is being stored.
  const adding = useRef(false);
  const set = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Invisible characters the API refuses (control characters, half an emoji) are dropped, as the rule for text says.
    const parsed = userCreateSchema.safeParse(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, cleanText(value)])));
    if (!parsed.success) {
      const found: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof Fields;
        found[name] ??= name === 'email' ? t`Enter a valid e-mail address` : name === 'full_name' ? t`Enter the full name` : t`Check this field`;
      }
      setErrors(found);
      focusFirstInvalidSoon(() => formRef.current);
      return;
    }
    if (adding.current) return;
    adding.current = true;
    const name = fields.full_name.trim();
    const email = fields.email.trim();
    try {
      await enqueueUserCreate(parsed.data);
    } catch (error) {
      adding.current = false;
      throw error;
    }
    notify({ message: t`${name} was added and can sign in with ${email} once the server has it.`, severity: 'success' });
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t`Add user`} closeButtonProps={{ 'aria-label': t`Close` }} size="lg">
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            id="add-user-full_name"
            label={t`Full name`}
            required
            value={fields.full_name}
            onChange={set('full_name')}
            error={errors.full_name}
            data-autofocus
          />
          <TextInput
            id="add-user-email"
            label={t`E-mail (used to sign in)`}
            type="email"
            required
            value={fields.email}
            onChange={set('email')}
            error={errors.email}
          />
          <TextInput id="add-user-phone" label={t`Phone`} type="tel" value={fields.phone} onChange={set('phone')} error={errors.phone} />
          <TextInput id="add-user-formation" label={t`Formation`} value={fields.formation} onChange={set('formation')} error={errors.formation} />
          <NativeSelect
            id="add-user-access"
            label={t`Access`}
            required
            value={fields.access}
            onChange={set('access')}
            data={accessLevels.map((level) => ({ value: level, label: i18n._(accessLabels[level]!) }))}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" mih={44} onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" mih={44}>
              <Trans>Add user</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
