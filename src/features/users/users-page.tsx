import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Card, Group, NativeSelect, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconMail, IconUserPlus } from '@tabler/icons-react';
import type { AccessLevel, User } from '../../api/contract.ts';
import { enqueueUserUpdate, pendingUserWrites, userKeys, usersQueryOptions, type PendingUserWrite } from '../../api/users.ts';
import { isSampleSource, listState } from '../../offline/list-source.ts';
import { onOutboxSynced } from '../../offline/outbox.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { sampleUsers } from '../../offline/sample-data.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { CardGrid } from '../../components/card-grid.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { accessLabels } from '../../components/enum-labels.ts';
import { notify } from '../../components/notify.ts';
import { toastPositionAwayFrom } from '../../components/toast-position.ts';
import { EmailText } from '../../components/email-text.tsx';
import { usePermissions } from '../../components/use-permissions.ts';
import { useOnDemand } from '../../components/use-on-demand.ts';
import { useRefusalText } from '../../components/refusal-text.ts';
import type { Refusal } from '../../lib/db.ts';
import { PendingBadge } from '../../components/pending-badge.tsx';

// The form and its checks (the contract, with zod) load when an admin opens it, not with the list.
const loadAddUserModal = () => import('./add-user-modal.tsx').then((module) => ({ default: module.AddUserModal }));
const loadUserChangeDialogCode = () => import('./user-change-dialog.tsx').then((module) => ({ default: module.UserChangeDialog }));
const levels = Object.keys(accessLabels) as AccessLevel[];

type UserRow = User & { pending?: 'pending' | 'failed' } & Refusal;

/** The server's users with the changes still in the outbox laid over them (a new user shows before it is sent). */
function userRows(users: User[], writes: PendingUserWrite[]): UserRow[] {
  const rows = new Map<string, UserRow>(users.map((user) => [user.id, user]));
  for (const write of writes) {
    const base = rows.get(write.userId) ?? { id: write.userId, active: true };
    rows.set(write.userId, {
      ...base,
      ...write.fields,
      pending: write.failed ? 'failed' : 'pending',
      reason: write.reason,
      reasonCode: write.reasonCode,
    } as UserRow);
  }
  return [...rows.values()];
}

/**
 * SPEC §2 "usuarios": each staff user as full name and email, with the translated access level. For admins it is also
 * user management (issue 15): add a user, change their access, deactivate or reactivate them, through the outbox.
 * Users are the allow-list of Quadra: only an active user's e-mail can sign in.
 */
export function UsersPage() {
  const { t } = useLingui();
  const { can } = usePermissions();
  const query = useQuery(usersQueryOptions());
  const { items, source, savedAt } = listState(query, sampleUsers);
  const outboxRows = useOutboxItems();
  const rows = useMemo(() => userRows(items, pendingUserWrites(outboxRows)), [items, outboxRows]);
  const [adding, setAdding] = useState(false);
  const [AddUserModal, loadAddUserModalNow] = useOnDemand(loadAddUserModal);
  const manage = can('users:write') && !isSampleSource(source);
  useRefetchWhenUsersSync();
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>{t`Users`}</PageTitle>
        {manage && (
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            mih={44}
            onClick={() => {
              loadAddUserModalNow();
              setAdding(true);
            }}
          >
            <Trans>Add user</Trans>
          </Button>
        )}
      </Group>
      <ListStatus
        source={source}
        savedAt={savedAt}
        empty={rows.length === 0}
        errorText={<Trans>Error loading users</Trans>}
        loadingLabel={t`Loading users`}
        emptyText={<Trans>No users found</Trans>}
      >
        <CardGrid>
          {rows.map((user) => (
            <UserCard key={user.id} user={user} manage={manage} />
          ))}
        </CardGrid>
      </ListStatus>
      {adding && AddUserModal && <AddUserModal onClose={() => setAdding(false)} />}
    </>
  );
}

function useRefetchWhenUsersSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onOutboxSynced((item) => {
        if (item.kind.startsWith('user.')) void queryClient.invalidateQueries({ queryKey: userKeys.all });
      }),
    [queryClient],
  );
}

type UserChange = Partial<Pick<User, 'access' | 'active'>>;

function UserCard({ user, manage }: { user: UserRow; manage: boolean }) {
  const { t, i18n } = useLingui();
  const refusalText = useRefusalText();
  const access = accessLabels[user.access];
  const active = user.active !== false;
  const name = user.full_name;
  const levelName = (level: string) => (accessLabels[level] ? i18n._(accessLabels[level]) : level);
  // A change of access is asked first (issue 56: one slip changed someone's access): the change waiting for a yes, and
  // the control that asked for it (the toast keeps clear of it; the dialog gives the focus back to it).
  const [asking, setAsking] = useState<{ changes: UserChange; control: HTMLElement | null } | null>(null);
  const [UserChangeDialog, loadUserChangeDialog] = useOnDemand(loadUserChangeDialogCode);
  const ask = (changes: UserChange, control: HTMLElement | null) => {
    loadUserChangeDialog();
    setAsking({ changes, control });
  };
  // A double tap on the dialog's button confirms once: the second lands while the dialog fades out, on a render where
  // nothing is asked any more.
  const confirm = () => {
    if (!asking) return;
    setAsking(null);
    void change(asking.changes, asking.control);
  };
  const change = async (changes: UserChange, control: HTMLElement | null) => {
    await enqueueUserUpdate(user.id, {
      full_name: user.full_name,
      email: user.email,
      ...(user.phone ? { phone: user.phone } : {}),
      ...(user.formation ? { formation: user.formation } : {}),
      access: (changes.access ?? user.access) as AccessLevel,
      active: changes.active ?? active,
      ...(user.version !== undefined ? { version: user.version } : {}),
    });
    notify({
      message: t`The change of ${name} was saved and will be sent to the server.`,
      severity: 'success',
      position: toastPositionAwayFrom(control),
    });
  };
  // What the dialog says, kept while it fades out after the answer.
  const lastAsked = useRef(asking);
  if (asking) lastAsked.current = asking;
  const question = asking ?? lastAsked.current;
  const newLevel = question?.changes.access ? levelName(question.changes.access) : '';
  const oldLevel = levelName(user.access);
  return (
    <Card withBorder padding="md" role="listitem" data-testid="user-card" data-active={active}>
      {/* A long name pushes the badge under it; words break only when one alone is wider than the card. */}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Text fw={700} size="lg" style={{ overflowWrap: 'break-word' }}>
          {user.full_name}
        </Text>
        <Group gap={4}>
          <Badge variant="light" color="quadra" c="quadra.9" style={{ flexShrink: 0 }}>
            {access ? i18n._(access) : user.access}
          </Badge>
          {!active && (
            <Badge variant="light" color="gray" c="gray.9">
              <Trans>Inactive</Trans>
            </Badge>
          )}
          <PendingBadge state={user.pending} reason={refusalText(user)} />
        </Group>
      </Group>
      <Group gap={6} mt="xs" wrap="nowrap">
        <IconMail size={16} aria-hidden style={{ flexShrink: 0 }} />
        {/* A 44 px touch target, like every control. */}
        <Text
          size="sm"
          component="a"
          href={`mailto:${user.email}`}
          c="quadra.8"
          mih={44}
          miw={0}
          style={{ display: 'inline-flex', alignItems: 'center' }}
        >
          <EmailText email={user.email} />
        </Text>
      </Group>
      {user.pending === 'failed' && refusalText(user) ? (
        <Text size="sm" c="red.9" mt="xs">
          {refusalText(user)}
        </Text>
      ) : null}
      {manage && (
        <Group mt="md" gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t`Access of ${name}`}
            value={user.access}
            onChange={(event) => {
              if (event.currentTarget.value !== user.access) ask({ access: event.currentTarget.value }, event.currentTarget);
            }}
            data={levels.map((level) => ({ value: level, label: levelName(level) }))}
            style={{ flex: 1, minWidth: 180 }}
          />
          <Button
            variant={active ? 'default' : 'light'}
            mih={44}
            aria-label={active ? t`Deactivate ${name}` : t`Reactivate ${name}`}
            onClick={(event) => ask({ active: !active }, event.currentTarget)}
          >
            {active ? <Trans>Deactivate</Trans> : <Trans>Reactivate</Trans>}
          </Button>
        </Group>
      )}
      {UserChangeDialog && (
        <UserChangeDialog
          name={name}
          question={question?.changes}
          opened={asking !== null}
          oldLevel={oldLevel}
          newLevel={newLevel}
          onCancel={() => setAsking(null)}
          onConfirm={confirm}
        />
      )}
    </Card>
  );
}
