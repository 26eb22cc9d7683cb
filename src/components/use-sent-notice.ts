/**
 * Work saved on this device and sent later (it waited: offline, or the server down) says so once the server has it:
 * one toast for what one reconnection sent, not one per item. Without it, a registration made offline ended in
 * "saved on this device" and nothing more (the header's count went down unnoticed).
 */
import { useEffect } from 'react';
import { plural } from '@lingui/core/macro';
import { onOutboxSynced } from '../offline/outbox.ts';
import { notify } from './notify.ts';

/** A write the server got this long after it was saved had waited (a first attempt goes out within a second or two). */
export const WAITED_MS = 10_000;
/** The sends of one reconnection, gathered into one toast. */
export const GATHER_MS = 1_500;

export function useSentNotice(): void {
  useEffect(() => {
    let count = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onOutboxSynced((item) => {
      if (Date.now() - item.createdAt < WAITED_MS) return;
      count += 1;
      clearTimeout(timer);
      timer = setTimeout(() => {
        notify({
          message: plural(count, {
            one: '# change saved on this device has reached the server.',
            other: '# changes saved on this device have reached the server.',
          }),
          severity: 'success',
        });
        count = 0;
      }, GATHER_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, []);
}
