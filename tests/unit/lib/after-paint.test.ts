import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterShown } from '../../../src/lib/after-paint.ts';

/** A PerformanceObserver whose entries the test delivers (jsdom has no Element Timing). */
class FakeObserver {
  static supportedEntryTypes = ['element', 'paint'];
  static last: FakeObserver | undefined;
  observed: unknown;
  disconnected = false;
  constructor(private readonly callback: (list: { getEntries: () => unknown[] }) => void) {
    FakeObserver.last = this;
  }
  observe(options: unknown) {
    this.observed = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  deliver(...identifiers: string[]) {
    this.callback({ getEntries: () => identifiers.map((identifier) => ({ entryType: 'element', identifier })) });
  }
}

describe('afterShown (issue 57: home asks for its alerts once its text is on screen)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("runs once the element's Element Timing entry comes (buffered: one from before counts), not for another element's", () => {
    const task = vi.fn();
    afterShown('home-introduction', task);
    const observer = FakeObserver.last!;
    expect(observer.observed).toEqual({ type: 'element', buffered: true });
    observer.deliver('something-else');
    expect(task).not.toHaveBeenCalled();
    observer.deliver('something-else', 'home-introduction');
    expect(task).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs after its patience when no entry comes, and not at all once cancelled', () => {
    const task = vi.fn();
    afterShown('home-introduction', task, 1000);
    vi.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = afterShown('home-introduction', cancelled);
    cancel();
    FakeObserver.last!.deliver('home-introduction');
    vi.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('runs after the next painted frame where the browser has no Element Timing', () => {
    FakeObserver.supportedEntryTypes = ['paint'];
    const task = vi.fn();
    afterShown('home-introduction', task);
    vi.advanceTimersByTime(100); // the frame (fake timers run requestAnimationFrame too), then the timer after it
    expect(task).toHaveBeenCalledTimes(1);
    FakeObserver.supportedEntryTypes = ['element', 'paint'];
  });
});
