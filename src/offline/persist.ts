/** Restores the persisted query cache before the first render, then keeps IndexedDB in step with the cache. */
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { persistOptions, queryClient } from './query-client.ts';

export async function restoreQueryCache(): Promise<void> {
  try {
    await persistQueryClientRestore({ queryClient, ...persistOptions });
  } catch (error) {
    console.warn('Quadra: the cache saved on this device could not be restored', error);
  }
  persistQueryClientSubscribe({ queryClient, ...persistOptions });
}
