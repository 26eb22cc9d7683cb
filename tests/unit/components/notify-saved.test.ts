/**
 * A saved write's toast says it succeeded in the words the screen uses (the SPEC's, on the roll call), and, while the
 * browser is offline or the server does not answer, that the write is on this device and not on the server yet.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { notifySaved } from '../../../src/components/notify.ts';
import { reportServerAnswer, reportServerUnreachable, resetServerState } from '../../../src/lib/server-status.ts';

const shown = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

afterEach(() => {
  resetServerState();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a saved write's toast", () => {
  it('is the success alone while the server answers, and says the write waits on this device while it does not', () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    reportServerAnswer(200);
    notifySaved('Attendance recorded successfully');
    reportServerUnreachable();
    notifySaved('Attendance recorded successfully');
    resetServerState();
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    notifySaved('Guardian added successfully!');
    expect(shown()).toEqual([
      'Attendance recorded successfully',
      'Attendance recorded successfully. Kept on this device: it is sent as soon as the server can be reached.',
      'Guardian added successfully! Kept on this device: it is sent as soon as the server can be reached.',
    ]);
  });
});
