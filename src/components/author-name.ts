/** Who saved a record, as screens show it: a roll taken without a signed-in user is saved as 'anonymous'. */
import { useLingui } from '@lingui/react/macro';

export function useAuthorName(): (name: string | null | undefined) => string {
  const { t } = useLingui();
  return (name) => (!name || name === 'anonymous' ? t`Unknown user` : name);
}
