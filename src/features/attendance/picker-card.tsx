import type { ReactElement, ReactNode } from 'react';
import { Card, Group, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';

type Props = {
  title: string;
  /** The two detail lines under the title. */
  details: [ReactNode, ReactNode];
  /** Renders the card as its link (a TanStack Link with the route and params). */
  renderLink: (rootProps: Record<string, unknown>) => ReactElement;
  dark?: boolean;
};

/** One choice of the attendance pickers: a whole-card link with a title, a chevron and two lines of detail. */
export function PickerCard({ title, details, renderLink, dark = false }: Props) {
  const detailColor = dark ? 'gray.2' : 'gray.8';
  return (
    // The listitem wraps the card: a role on the link itself would hide it from the list of links.
    <div role="listitem">
      <Card
        withBorder
        padding="lg"
        className="quadra-card-link"
        bg={dark ? 'dark.7' : undefined}
        c={dark ? 'white' : undefined}
        data-dark={dark || undefined}
        renderRoot={renderLink}
      >
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
