/**
 * A component whose code loads on first use (a drawer, a demo modal), without React.lazy: a failed download (offline
 * before the service worker has the app) leaves nothing rendered instead of breaking the page, and the next use
 * tries again.
 */
import { useCallback, useState, type ComponentType } from 'react';

export function useOnDemand<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): [ComponentType<P> | null, () => void] {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  const request = useCallback(() => {
    load()
      .then((module) => setComponent(() => module.default))
      .catch((error: unknown) => console.warn('Quadra: could not load a part of the app; try again when online', error));
  }, [load]);
  return [component, request];
}
