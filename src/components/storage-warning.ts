/**
 * Tells the user, once per run, when the device refused to store the lists (storage full). The outbox is separate
 * and keeps working: saved changes are small and are still kept and sent.
 */
import { msg } from '@lingui/core/macro';
import { i18n } from '../lib/i18n.ts';
import { setPersistWarning } from '../offline/query-client.ts';
import { notify } from './notify.ts';

const isQuotaError = (error: unknown): boolean => {
  const named = error as { name?: string; inner?: { name?: string } } | null;
  return named?.name === 'QuotaExceededError' || named?.inner?.name === 'QuotaExceededError';
};

export function warnWhenStorageIsFull(): void {
  let warned = false;
  setPersistWarning((error) => {
    console.warn('Quadra: the lists could not be saved on this device', error);
    if (warned || !isQuotaError(error)) return;
    warned = true;
    notify({
      message: i18n._(
        msg`This device is out of storage space, so the lists could not be saved for offline use. Changes you save are still kept and sent.`,
      ),
      severity: 'warning',
      closable: true,
    });
  });
}
