import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToPage } from '../../../src/lib/yield-to-page.ts';

describe('yieldToPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('goes on as a background task where the browser has scheduler.postTask', async () => {
    const postTask = vi.fn(function (this: unknown, callback: () => void) {
      expect(this).toBe(scheduler);
      return Promise.resolve().then(callback);
    });
    const scheduler = { postTask };
    vi.stubGlobal('scheduler', scheduler);
    await yieldToPage();
    expect(postTask).toHaveBeenCalledWith(expect.any(Function), { priority: 'background' });
  });

  it('waits for a timer of 0 elsewhere, after the tasks already waiting', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    const order: string[] = [];
    setTimeout(() => order.push('a task already waiting'), 0);
    const yielded = yieldToPage().then(() => order.push('the job goes on'));
    expect(order).toEqual([]);
    await vi.runAllTimersAsync();
    await yielded;
    expect(order).toEqual(['a task already waiting', 'the job goes on']);
  });
});
