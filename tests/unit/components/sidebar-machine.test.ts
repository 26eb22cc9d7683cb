import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIDEBAR_ANIMATION_MS, sidebarName, sidebarWidth, useSidebar } from '../../../src/components/sidebar-machine.ts';

describe('the sidebar state machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens from closed: opening, then opened after 500 ms', () => {
    const { result } = renderHook(() => useSidebar('closed'));
    act(() => result.current.toggle());
    expect(result.current.state).toBe('opening');
    act(() => vi.advanceTimersByTime(SIDEBAR_ANIMATION_MS - 1));
    expect(result.current.state).toBe('opening');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toBe('opened');
  });

  it('closes from opened: closing, then closed after 500 ms', () => {
    const { result } = renderHook(() => useSidebar('opened'));
    act(() => result.current.toggle());
    expect(result.current.state).toBe('closing');
    act(() => vi.advanceTimersByTime(SIDEBAR_ANIMATION_MS));
    expect(result.current.state).toBe('closed');
  });

  it('a toggle while opening closes, and cancels the pending timer', () => {
    const { result } = renderHook(() => useSidebar('closed'));
    act(() => result.current.toggle());
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.toggle());
    expect(result.current.state).toBe('closing');
    // The cancelled "opened" timer would have fired here.
    act(() => vi.advanceTimersByTime(250));
    expect(result.current.state).toBe('closing');
    act(() => vi.advanceTimersByTime(250));
    expect(result.current.state).toBe('closed');
  });

  it('a toggle while closing opens again', () => {
    const { result } = renderHook(() => useSidebar('opened'));
    act(() => result.current.toggle());
    act(() => vi.advanceTimersByTime(100));
    act(() => result.current.toggle());
    expect(result.current.state).toBe('opening');
    act(() => vi.advanceTimersByTime(SIDEBAR_ANIMATION_MS));
    expect(result.current.state).toBe('opened');
  });

  it('is 300/90 px on desktop and tablet, 100%/0 on mobile', () => {
    expect(sidebarWidth('opened', false)).toBe(300);
    expect(sidebarWidth('opening', false)).toBe(300);
    expect(sidebarWidth('closing', false)).toBe(90);
    expect(sidebarWidth('closed', false)).toBe(90);
    expect(sidebarWidth('opened', true)).toBe('100%');
    expect(sidebarWidth('closed', true)).toBe(0);
    const { result } = renderHook(() => useSidebar('opened'));
    expect(result.current.getWidth(false)).toBe(300);
    expect(result.current.animationMs).toBe(500);
  });

  it('shows at most 20 characters of the name while closing', () => {
    const name = 'Maria Aparecida dos Santos Oliveira';
    expect(sidebarName(name, 'closing')).toBe('Maria Aparecida dos ');
    expect(sidebarName(name, 'closing')).toHaveLength(20);
    expect(sidebarName(name, 'opened')).toBe(name);
    expect(sidebarName(name, 'closed')).toBe('MA');
  });
});
