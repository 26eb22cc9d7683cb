import type { ReactElement, ReactNode } from 'react';
import { Card, Group, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';

type Props = {
  title: string;
  /** The two detail lines under the title. */
  details: [ReactNode, ReactNode];
  /** Renders the card as its link (a TanStack Link with the route and params). */
  renderLink: (rootProps: Record<string, unknown>) => ReactElement;
};

/**
 * One choice of the attendance pickers: a whole-card link with a title, a chevron and two lines of detail. All cards
 * look alike (issue 24 overrides SPEC's dark first card: a dark card read as already chosen when nothing was).
 */
export function PickerCard({ title, details, renderLink }: Props) {
  const detailColor = 'gray.8';
  return (
    // The listitem wraps the card: a role on the link itself would hide it from the list of links.
    <div role="listitem">
      <Card withBorder padding="lg" className="quadra-card-link" renderRoot={renderLink}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} size="lg">
            {title}
          </Text>
          <IconChevronRight size={22} aria-hidden />
        </Group>
        <Text size="sm" c={detailColor}>
          {details[0]}
        </Text>
        <Text size="sm" c={detailColor}>
          {details[1]}
        </Text>
      </Card>
    </div>
  );
}
