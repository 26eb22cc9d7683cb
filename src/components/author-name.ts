/**
 * Who saved a record, as screens show it ("taken by …"): a roll taken with nobody signed in (every roll on a server
 * open to all) is saved as 'anonymous', and is said to be so; a record that names nobody at all is an unknown user's.
 */
import { useLingui } from '@lingui/react/macro';

export function useAuthorName(): (name: string | null | undefined) => string {
  const { t } = useLingui();
  return (name) => (name === 'anonymous' ? t`an anonymous user (nobody was signed in)` : name || t`Unknown user`);
}
