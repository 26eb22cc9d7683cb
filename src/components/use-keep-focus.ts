/**
 * Focus is never left on the page's body (WCAG 2.4.3), where the next Tab starts again from the top:
 * - a dialog that closes gives it back to what was focused before it opened. Mantine does so only for a dialog already
 *   mounted when it opens; ours load on demand and mount open, so their leaving the page's portals is the sign here;
 * - a navigation that leaves it nowhere (a link inside the old page) puts it on the page's main region, where a screen
 *   reader starts on the new page. Not on the first load: there the skip link stays the first Tab stop.
 */
import { useEffect, useRef } from 'react';
import { useRouterState } from '@tanstack/react-router';

const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

export function useKeepFocus(mainId: string): void {
  useEffect(() => {
    let lastOutside: HTMLElement | null = null;
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !event.target.closest('[role="dialog"]')) lastOutside = event.target;
    };
    // Mantine's dialogs live in portals: <body>'s children other than the app's root. Each is watched down to its
    // depth (a drawer kept mounted, as the outbox's, takes its dialog out from inside its portal when it closes), the
    // app itself is not: not every change of the page.
    const watchPortals = (node: Node) => {
      if (node instanceof Element && node.id !== 'root') observer.observe(node, { childList: true, subtree: true });
    };
    const observer = new MutationObserver((records) => {
      for (const record of records) record.addedNodes.forEach(watchPortals);
      if (!focusIsLost() || !lastOutside?.isConnected) return;
      const dialogGone = records.some((record) =>
        [...record.removedNodes].some(
          (node) => node instanceof Element && (node.matches('[role="dialog"]') || node.querySelector('[role="dialog"]')),
        ),
      );
      if (dialogGone) lastOutside.focus({ preventScroll: true });
    });
    document.addEventListener('focusin', remember);
    observer.observe(document.body, { childList: true });
    document.body.childNodes.forEach(watchPortals);
    return () => {
      document.removeEventListener('focusin', remember);
      observer.disconnect();
    };
  }, []);

  // The page shown, once its route has loaded (the old page stays on screen while it loads).
  const href = useRouterState({ select: (state) => state.resolvedLocation?.href });
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      if (focusIsLost()) document.getElementById(mainId)?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [href, mainId]);
}

/**
 * The same as an element of its own: the page's address it follows renders this, not the shell around it (the shell's
 * header and sidebar rendered again at every navigation).
 */
export function KeepFocus({ mainId }: { mainId: string }): null {
  useKeepFocus(mainId);
  return null;
}
