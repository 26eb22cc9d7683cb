/** A case's steps, oldest first: what was done, when, by whom, and what it said (issue 50). */
import { List, Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CaseStep } from '../../api/cases-contract.ts';
import { localMidnight } from '../../lib/calendar-date.ts';
import { causeLabels, channelLabels, contactOutcomeLabels, referralLabels, stepKindLabels } from './case-labels.ts';

const stillToSay = msg`outcome still to say`;

export function CaseSteps({ steps }: { steps: readonly CaseStep[] }) {
  const { i18n } = useLingui();
  if (steps.length === 0) {
    return (
      <Text size="sm" c="gray.8">
        <Trans>No step recorded yet.</Trans>
      </Text>
    );
  }
  return (
    <List spacing="xs" listStyleType="none" withPadding={false} data-testid="case-steps">
      {steps.map((step) => {
        const when = i18n.date(new Date(step.at), { dateStyle: 'short', timeStyle: 'short' });
        const kind = i18n._(stepKindLabels[step.kind]);
        const by = step.recordedBy;
        const details: string[] = [];
        if (step.channel) details.push(i18n._(channelLabels[step.channel]));
        if (step.kind === 'CONTACT') details.push(step.outcome ? i18n._(contactOutcomeLabels[step.outcome]) : i18n._(stillToSay));
        if (step.referralTo) details.push(i18n._(referralLabels[step.referralTo]));
        if (step.referralOn) details.push(i18n.date(localMidnight(step.referralOn), { dateStyle: 'short' }));
        if (step.causes.length > 0) details.push(step.causes.map((cause) => i18n._(causeLabels[cause])).join(', '));
        const detail = details.join(' · ');
        return (
          <List.Item key={step.id} data-testid="case-step">
            <Text size="sm">
              <Text span fw={600}>
                {kind}
              </Text>{' '}
              <Trans>
                {when}, by {by}
              </Trans>
              {detail && ` — ${detail}`}
            </Text>
            {step.note && (
              <Text size="sm" c="gray.8">
                {step.note}
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}
