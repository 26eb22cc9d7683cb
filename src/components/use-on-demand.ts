/**
 * A component whose code loads on first use (a drawer, a demo modal), without React.lazy: a failed download (offline
 * before the service worker has the app) leaves nothing rendered instead of breaking the page, and the next use
 * tries again. One asked for before the first screen's reads are done (home's alerts) is part of that screen: what
 * waits for it (lib/first-screen.ts) waits for this code and its reads too, unless `partOfFirstScreen` is false (a
 * part that itself waits for the first screen, such as the alerts' follow-up buttons: holding the first screen on it
 * would wait for ever).
 * The part comes with the styles of the components only such parts and screens show (lib/screen-styles.ts).
 * The part renders in a transition, in slices: arriving in a task of its own, it made one long task of its first render
 * (home's alerts with their follow-up buttons, 15-26 ms unthrottled; issue 57).
 */
import { startTransition, useCallback, useState, type ComponentType } from 'react';
import { holdFirstScreen } from '../lib/first-screen.ts';
import { loadScreenStyles } from '../lib/screen-styles.ts';

export function useOnDemand<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { partOfFirstScreen = true }: { partOfFirstScreen?: boolean } = {},
): [ComponentType<P> | null, () => void] {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  const request = useCallback(() => {
    // With the styles of the components it may show (lib/screen-styles.ts): a drawer is not drawn unstyled first.
    const loading = Promise.all([load(), loadScreenStyles()]).then(([module]) => module);
    (partOfFirstScreen ? holdFirstScreen(loading) : loading)
      .then((module) => startTransition(() => setComponent(() => module.default)))
      .catch((error: unknown) => console.warn('Quadra: could not load a part of the app; try again when online', error));
  }, [load, partOfFirstScreen]);
  return [component, request];
}
