/**
 * "Download the pack" (issue 53): the funder's pack for the period and activities on screen, one ZIP made by the
 * server (nominal list, an attendance list per class and month, the summary, who has no image-use consent). The CPF
 * goes masked unless "CPF in full" is ticked, which warns first. It needs the server: offline, or with the server not
 * answering, the button is disabled and says so.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconFileZip } from '@tabler/icons-react';
import type { BeneficiariesPeriod } from '../../api/beneficiaries.ts';
import { downloadFunderPack } from '../../api/funder-pack.ts';
import { notify } from '../../components/notify.ts';
import { downloadFile } from '../../lib/download-file.ts';
import { failureMessage } from '../../lib/http.ts';
import { useServerState } from '../../lib/server-status.ts';

/** The file name the server gives it too (funder-pack-contract.ts funderPackFileName; the contract is not loaded here). */
const fileName = (from: string, to: string) => `quadra-prestacao-de-contas-${from}-a-${to}.zip`;

/** A year at most (the server refuses more): the period ends before the same day a year later. */
function withinAYear(from: string, to: string): boolean {
  const later = new Date(Date.parse(from));
  later.setUTCFullYear(later.getUTCFullYear() + 1);
  return Date.parse(to) < later.getTime();
}

export function FunderPackButton({ period }: { period: BeneficiariesPeriod }) {
  const { t } = useLingui();
  const { online } = useNetwork();
  const server = useServerState();
  const reachable = online && server !== 'unavailable';
  const [fullCpf, setFullCpf] = useState(false);
  const [busy, setBusy] = useState(false);
  const tooLong = !withinAYear(period.from, period.to);
  const run = async () => {
    setBusy(true);
    try {
      downloadFile(await downloadFunderPack(period, fullCpf), fileName(period.from, period.to));
    } catch (error) {
      notify({ message: t`The pack could not be made: ${await failureMessage(error)}`, severity: 'error', closable: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" mb="lg" data-testid="funder-pack">
      <Title order={3} size="h4" mb="xs">
        <Trans>The funder&apos;s pack</Trans>
      </Title>
      <Stack gap="sm">
        <Text size="sm" id="funder-pack-description">
          <Trans>
            One ZIP for this period: the nominal list (Excel and CSV), an attendance list to sign per class and month (PDF), the summary of these
            figures (PDF) and the children without image-use consent (CSV), in Portuguese. It is made by the server when asked and kept nowhere;
            making it is in the access record of every child it names.
          </Trans>
        </Text>
        <Checkbox
          label={t`CPF in full`}
          description={t`Masked by default (***.456.789-**).`}
          checked={fullCpf}
          onChange={(event) => setFullCpf(event.currentTarget.checked)}
          data-testid="funder-pack-full-cpf"
        />
        {fullCpf && (
          <Alert color="orange" variant="light" c="orange.9" role="status" title={t`The CPF will go in full`}>
            <Trans>
              The pack will carry each child&apos;s whole CPF. Send it only to a funder that requires it, through a safe channel, and do not keep
              copies you do not need. The access record notes that the CPF went in full.
            </Trans>
          </Alert>
        )}
        <Group gap="sm">
          <Button
            mih={44}
            leftSection={<IconFileZip size={18} aria-hidden />}
            loading={busy}
            disabled={!reachable || tooLong}
            aria-describedby="funder-pack-description"
            onClick={() => void run()}
          >
            <Trans>Download the pack</Trans>
          </Button>
          {!reachable && (
            <Text size="sm" c="orange.9" role="status" data-testid="funder-pack-offline">
              <Trans>The pack is made by the server: connect to the internet to download it.</Trans>
            </Text>
          )}
          {reachable && tooLong && (
            <Text size="sm" c="orange.9" role="status">
              <Trans>A pack covers at most a year: choose a shorter period.</Trans>
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
