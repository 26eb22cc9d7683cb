/**
 * Programme settings on the device (issue 58): GET /settings (key ['settings'], kept in the persisted cache, so the
 * screen and the WhatsApp message read them offline) and the admin's save through the outbox ('settings.save' -> PUT
 * /settings with the version the edit started from). Two saves made offline follow each other (the second on the
 * version the first got; one still waiting is replaced); a save met by someone else's answers 409 and shows in the
 * outbox drawer side by side, with "keep mine" (sent again on the server's version) or "take theirs".
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../lib/http.ts';
import { enqueueRecordWrite, versionAfterParent } from '../offline/record-writes.ts';
import { outboxKinds } from '../offline/outbox-kinds.ts';
import { registerOutboxHandler } from '../offline/outbox.ts';
import { queryClient } from '../offline/query-client.ts';
import type { SettingsInput } from './settings-contract.ts';

export const settingsKeys = { all: ['settings'] as const };

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: () => getParsed('settings', () => import('./settings-contract.ts').then((contract) => contract.settingsSchema)),
  });

export type SettingsSavePayload = { settings: SettingsInput };

const chain = {
  kinds: [outboxKinds.settingsSave],
  ofRecord: () => true,
  recordId: 'settings',
};

/** Queues the settings; a save still waiting (never tried) is replaced by this one, keeping the version it started from. */
export async function enqueueSettingsSave(settings: SettingsInput): Promise<void> {
  await enqueueRecordWrite({
    kind: outboxKinds.settingsSave,
    payload: { settings } satisfies SettingsSavePayload,
    ...chain,
    replaces: (waiting) => ({ settings: { ...settings, basedOn: (waiting as SettingsSavePayload).settings.basedOn } }) satisfies SettingsSavePayload,
  });
}

export function registerSettingsHandlers(): void {
  registerOutboxHandler(
    outboxKinds.settingsSave,
    async (item) => {
      const { settingsSchema } = await import('./settings-contract.ts');
      const { settings } = item.payload as SettingsSavePayload;
      const basedOn = versionAfterParent(item, settings.basedOn);
      const saved = await sendParsed('put', 'settings', { ...settings, basedOn }, settingsSchema);
      queryClient.setQueryData(settingsKeys.all, saved);
      return { version: saved.version };
    },
    {
      rebase: (payload, current) => {
        const { settings } = payload as SettingsSavePayload;
        return { settings: { ...settings, basedOn: Number((current as { version?: unknown } | null)?.version ?? 1) } } satisfies SettingsSavePayload;
      },
    },
  );
}
