import { Badge, Card, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconMail } from '@tabler/icons-react';
import type { User } from '../../api/contract.ts';
import { usersQueryOptions } from '../../api/users.ts';
import { listState } from '../../offline/list-source.ts';
import { sampleUsers } from '../../offline/sample-data.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { CardGrid } from '../../components/card-grid.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { accessLabels } from '../../components/enum-labels.ts';

/** SPEC §2 "usuarios": each staff user as full name and email, with the translated access level. */
export function UsersPage() {
  const { t } = useLingui();
  const query = useQuery(usersQueryOptions());
  const { items, source } = listState(query, sampleUsers);
  return (
    <>
      <PageTitle>{t`Users`}</PageTitle>
      <ListStatus
        source={source}
        empty={items.length === 0}
        errorText={<Trans>Error loading users</Trans>}
        loadingLabel={t`Loading users`}
        emptyText={<Trans>No users found</Trans>}
      >
        <CardGrid>
          {items.map((user) => (
            <UserCard key={user.id} user={user} />
          ))}
        </CardGrid>
      </ListStatus>
    </>
  );
}

function UserCard({ user }: { user: User }) {
  const { i18n } = useLingui();
  const access = accessLabels[user.access];
  return (
    <Card withBorder padding="md" role="listitem" data-testid="user-card">
      {/* A long name pushes the badge under it; words break only when one alone is wider than the card. */}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Text fw={700} size="lg" style={{ overflowWrap: 'break-word' }}>
          {user.full_name}
        </Text>
        <Badge variant="light" color="quadra" c="quadra.9" style={{ flexShrink: 0 }}>
          {access ? i18n._(access) : user.access}
        </Badge>
      </Group>
      <Group gap={6} mt="xs" wrap="nowrap">
        <IconMail size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" component="a" href={`mailto:${user.email}`} c="quadra.8" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      </Group>
    </Card>
  );
}
