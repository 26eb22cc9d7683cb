/**
 * /privacidade (issue 51; LGPD arts. 9, 14 and 18): what Quadra holds about a child, why, for how long, who the
 * programme's contact for data protection is, and how a guardian asks for a copy, a correction or deletion. Anyone may
 * read it, signed in or not (the PUBLIC rule); it opens offline after one visit (its code is precached, the contact
 * kept in the persisted cache).
 */
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { privacyQueryOptions } from '../../api/privacy.ts';
import { PageTitle } from '../../components/page-title.tsx';

export function PrivacyPage() {
  const { t } = useLingui();
  const info = useQuery(privacyQueryOptions()).data;
  const years = info?.retentionYears ?? 5;
  const contactName = info?.contactName;
  const contactEmail = info?.contactEmail;
  return (
    <Stack gap="lg" maw={820}>
      <PageTitle>{t`Privacy: how the programme treats children's data`}</PageTitle>
      <Text>
        <Trans>
          Quadra is the programme's back office. Almost every record in it is a child's, so it keeps only what the programme's work needs, shows each
          member of staff only what their role needs, and records who read or changed a child's data.
        </Trans>
      </Text>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          <Trans>What Quadra holds, and why</Trans>
        </Title>
        <List spacing="xs">
          <List.Item>
            <Trans>
              The child's registration (name, CPF, date of birth, address, school): to enrol them and account for the programme to its funders.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>The guardians' names and contacts: to reach the family.</Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Documents the family handed in, and the attendance at each class, with the reason of a justified absence: to follow the child.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              The consents a guardian gave or refused: to process the data, to use the child's image in reports, on public channels, and to share data
              with the school, CRAS or health services. Photos of a child are used only with that consent.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>The access record: who read or changed the child's data, and when.</Trans>
          </List.Item>
        </List>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          <Trans>For how long</Trans>
        </Title>
        <Text>
          <Trans>
            While the child takes part, and {years} years after they leave (the funders' accountability). Then the child's personal data is removed:
            the name becomes a code, and only the attendance counts stay, so past reports do not change.
          </Trans>
        </Text>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          <Trans>A guardian's rights, and how to ask</Trans>
        </Title>
        <Text mb="xs">
          <Trans>
            A guardian may ask for a copy of everything the programme holds about their child, for a correction, for a consent to be withdrawn, or for
            the data to be deleted or anonymised. Ask the programme's contact for data protection; the copy is prepared by the coordination.
          </Trans>
        </Text>
        <Text fw={600} data-testid="privacy-contact">
          {contactName || contactEmail ? (
            <>
              {contactName ?? ''}
              {contactName && contactEmail ? ' · ' : ''}
              {contactEmail && <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>}
            </>
          ) : (
            <Trans>The programme has not named its contact yet: ask the programme's coordination.</Trans>
          )}
        </Text>
      </Paper>
    </Stack>
  );
}
