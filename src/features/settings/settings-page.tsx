/**
 * Programme settings (issue 58, /configuracoes, admins): the programme's, project's and funder's names (the funder
 * pack's attendance lists) and the WhatsApp text to a guardian about a child's absences, with a live preview on a
 * made-up child and dates. Read from the device's copy offline; saved through the outbox ('settings.save') on the
 * version the form started from, so an edit made offline arrives once online, and one met by another admin's shows in
 * the outbox drawer with "keep mine".
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { IconForms } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { enqueueSettingsSave, settingsQueryOptions, type SettingsSavePayload } from '../../api/settings.ts';
import { SETTINGS_NAME_MAX, type SettingsFields } from '../../api/settings-contract.ts';
import { cleanText } from '../../api/contract.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { usePermissions } from '../../components/use-permissions.ts';
import { notify, notifySaved } from '../../components/notify.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import {
  WHATSAPP_TEMPLATE_MAX,
  defaultWhatsappTemplate,
  fillWhatsappTemplate,
  unknownPlaceholders,
  whatsappTemplateProblem,
} from '../../lib/whatsapp-message.ts';

/** The made-up child and dates of the preview (no real child's data on this screen). */
const EXAMPLE = { name: 'Maria Exemplo', dates: ['2026-03-10', '2026-03-12'] };

const emptyFields: SettingsFields = { programmeName: '', projectName: '', funderName: '', whatsappTemplate: defaultWhatsappTemplate };

export function SettingsPage() {
  const { t, i18n } = useLingui();
  const query = useQuery(settingsQueryOptions());
  const { can } = usePermissions();
  const waiting = useOutboxItems(outboxKinds.settingsSave).at(-1);
  const waitingFields = (waiting?.payload as SettingsSavePayload | undefined)?.settings;
  const [draft, setDraft] = useState<SettingsFields | null>(null);
  const [tried, setTried] = useState(false);
  const server = query.data;
  // What the form starts from: this device's save still waiting, or the server's settings.
  const start: SettingsFields | undefined = waitingFields ?? server;
  const fields = draft ?? start ?? emptyFields;
  const set = (key: keyof SettingsFields) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.currentTarget.value;
    setDraft((previous) => ({ ...(previous ?? start ?? emptyFields), [key]: value }));
  };
  // The placeholders as values: braces in a message's own text are the catalog's placeholders.
  const nome = '{nome}';
  const datas = '{datas}';
  const problem = whatsappTemplateProblem(fields.whatsappTemplate);
  const unknown = unknownPlaceholders(fields.whatsappTemplate);
  const templateError = !problem
    ? null
    : problem === 'unknown-placeholder'
      ? t`Only ${nome} and ${datas} can be filled in. Remove: ${unknown.map((name) => `{${name}}`).join(', ')}`
      : problem === 'too-long'
        ? t`At most ${WHATSAPP_TEMPLATE_MAX} characters.`
        : tried
          ? t`Required`
          : null;
  const preview = useMemo(() => fillWhatsappTemplate(fields.whatsappTemplate, EXAMPLE), [fields.whatsappTemplate]);
  const loaded = Boolean(start);

  const save = async () => {
    setTried(true);
    if (problem || !server) return;
    const clean = (value: string) => cleanText(value).trim();
    try {
      await enqueueSettingsSave({
        programmeName: clean(fields.programmeName),
        projectName: clean(fields.projectName),
        funderName: clean(fields.funderName),
        whatsappTemplate: clean(fields.whatsappTemplate),
        basedOn: server.version,
      });
      setDraft(null);
      setTried(false);
      notifySaved(t`Settings saved`);
    } catch (error) {
      console.error('Quadra: the settings could not be stored on this device', error);
      notify({ message: t`This device could not store the change. Nothing was saved.`, severity: 'error', closable: true });
    }
  };

  return (
    <>
      <PageTitle>{t`Programme settings`}</PageTitle>
      <Text mb="md" maw="48rem">
        <Trans>
          The names printed on the funder&apos;s attendance lists, and the WhatsApp message sent to a guardian when a child misses classes. Everyone
          on the team reads them; only admins change them.
        </Trans>
      </Text>
      {query.isError && !server && (
        <Alert color="red" c="red.9" variant="light" mb="md" role="alert">
          <Trans>The settings could not be loaded. Connect to the internet to change them.</Trans>
        </Alert>
      )}
      {query.isError && server && (
        <Text size="sm" c="dimmed" mb="md" data-testid="settings-as-of">
          <Trans>Shown from this device&apos;s copy of {i18n.date(new Date(query.dataUpdatedAt), { dateStyle: 'short', timeStyle: 'short' })}.</Trans>
        </Text>
      )}
      {waiting && (
        <Badge color="orange" c="orange.9" variant="light" mb="md" size="lg" data-testid="settings-pending">
          <Trans>Not sent yet</Trans>
        </Badge>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        aria-busy={!loaded}
      >
        <Stack gap="lg" maw="48rem">
          <Paper withBorder p="md" component="section" aria-labelledby="settings-names-title">
            <Title order={2} size="h4" mb="xs" id="settings-names-title">
              <Trans>Names on the funder&apos;s documents</Trans>
            </Title>
            <Stack>
              <TextInput
                label={t`Programme name`}
                value={fields.programmeName}
                onChange={set('programmeName')}
                maxLength={SETTINGS_NAME_MAX}
                disabled={!loaded}
                size="md"
              />
              <TextInput
                label={t`Project name`}
                description={t`The project as the funder approved it.`}
                value={fields.projectName}
                onChange={set('projectName')}
                maxLength={SETTINGS_NAME_MAX}
                disabled={!loaded}
                size="md"
              />
              <TextInput
                label={t`Funder name`}
                value={fields.funderName}
                onChange={set('funderName')}
                maxLength={SETTINGS_NAME_MAX}
                disabled={!loaded}
                size="md"
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="settings-whatsapp-title">
            <Title order={2} size="h4" mb="xs" id="settings-whatsapp-title">
              <Trans>WhatsApp message to a guardian</Trans>
            </Title>
            <Stack>
              <Textarea
                label={t`Message text (in Portuguese)`}
                description={t`${nome} becomes the child's name and ${datas} the dates missed. Never write a reason or a cause here: the message only says who missed which days.`}
                value={fields.whatsappTemplate}
                onChange={set('whatsappTemplate')}
                error={templateError}
                withAsterisk
                autosize
                minRows={4}
                maxRows={12}
                disabled={!loaded}
                size="md"
              />
              <Group justify="space-between" align="center">
                <Text size="sm" c="dimmed">
                  {t`${fields.whatsappTemplate.length} of ${WHATSAPP_TEMPLATE_MAX} characters`}
                </Text>
                <Button
                  variant="default"
                  mih={44}
                  disabled={!loaded || fields.whatsappTemplate === defaultWhatsappTemplate}
                  onClick={() => setDraft({ ...fields, whatsappTemplate: defaultWhatsappTemplate })}
                >
                  <Trans>Use the default text</Trans>
                </Button>
              </Group>
              <section aria-labelledby="settings-preview-title">
                <Title order={3} size="h5" id="settings-preview-title">
                  <Trans>Preview</Trans>
                </Title>
                <Text size="sm" c="dimmed" mb="xs">
                  <Trans>With a made-up child, Maria Exemplo, who missed 10/03 and 12/03.</Trans>
                </Text>
                <Paper
                  bg="green.0"
                  p="md"
                  radius="md"
                  data-testid="settings-preview"
                  lang="pt-BR"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {preview}
                </Paper>
              </section>
            </Stack>
          </Paper>
          <Group>
            <Button type="submit" mih={44} disabled={!server}>
              <Trans>Save settings</Trans>
            </Button>
            {draft && (
              <Button variant="default" mih={44} onClick={() => setDraft(null)}>
                <Trans>Discard changes</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {can('assessment-forms:write') && (
        <Paper withBorder p="md" mt="xl" maw="48rem" component="section" aria-labelledby="settings-forms-title">
          <Title order={2} size="h4" mb="xs" id="settings-forms-title">
            <Trans>Anamnese forms</Trans>
          </Title>
          <Text mb="sm">
            <Trans>The questions of the psychological and the social assessment. Each save makes a new version; answers keep theirs.</Trans>
          </Text>
          <Button
            variant="default"
            mih={44}
            leftSection={<IconForms size={18} aria-hidden />}
            renderRoot={(props) => <Link {...props} to="/configuracoes/formularios" />}
          >
            <Trans>Edit the forms&apos; questions</Trans>
          </Button>
        </Paper>
      )}
    </>
  );
}
