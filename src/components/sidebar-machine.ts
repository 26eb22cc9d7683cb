/**
 * The sidebar (SPEC §3, §4, §9): closed -> opening -> opened -> closing -> closed, 500 ms per animation.
 * A toggle from closed or closing opens; from opened or opening closes; a toggle cancels any pending timer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type SidebarState = 'closed' | 'opening' | 'opened' | 'closing';
export const SIDEBAR_ANIMATION_MS = 500;
export const SIDEBAR_NAME_MAX_CLOSING = 20;

export const isOpenish = (state: SidebarState): boolean => state === 'opening' || state === 'opened';

/** The state a toggle moves to, and the state the timer then settles in. */
export function toggleTarget(state: SidebarState): { next: SidebarState; settle: SidebarState } {
  return isOpenish(state) ? { next: 'closing', settle: 'closed' } : { next: 'opening', settle: 'opened' };
}

/** 300 / 90 px on desktop and tablet; 100% / 0 on mobile. */
export function sidebarWidth(state: SidebarState, mobile: boolean): number | string {
  if (mobile) return isOpenish(state) ? '100%' : 0;
  return isOpenish(state) ? 300 : 90;
}

/** The signed-in name as the sidebar shows it: at most 20 characters while closing, initials once closed. */
export function sidebarName(name: string, state: SidebarState): string {
  if (state === 'closing') return name.slice(0, SIDEBAR_NAME_MAX_CLOSING);
  if (state === 'closed') {
    return name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('');
  }
  return name;
}

export type Sidebar = {
  state: SidebarState;
  toggle(): void;
  getWidth(mobile: boolean): number | string;
  animationMs: number;
};

export function useSidebar(initial: SidebarState): Sidebar {
  const [state, setState] = useState<SidebarState>(initial);
  const stateRef = useRef(state);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const toggle = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    const { next, settle } = toggleTarget(stateRef.current);
    stateRef.current = next;
    setState(next);
    timer.current = setTimeout(() => {
      timer.current = null;
      stateRef.current = settle;
      setState(settle);
    }, SIDEBAR_ANIMATION_MS);
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const getWidth = useCallback((mobile: boolean) => sidebarWidth(state, mobile), [state]);
  return { state, toggle, getWidth, animationMs: SIDEBAR_ANIMATION_MS };
}
