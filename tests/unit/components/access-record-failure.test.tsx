/**
 * A child's data that the server would not show because it could not record the reading (503
 * 'access-record-unavailable', LGPD art. 37) is said as such on the screens that read it, not as a lost connection.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSavedRoll } from '../../../src/features/attendance/use-roll-call.ts';
import userEvent from '@testing-library/user-event';
import { StudentProfilePage } from '../../../src/features/students/student-profile-page.tsx';
import { DocumentViewer } from '../../../src/features/students/document-viewer.tsx';
import { getParsed, AccessRecordUnavailableError, HTTPError } from '../../../src/lib/http.ts';
import { listState } from '../../../src/offline/list-source.ts';
import { resetServerState, serverState } from '../../../src/lib/server-status.ts';
import { createTestQueryClient, renderWithProviders } from '../../support/render.tsx';
import { mockApi, renderWithRouter } from '../students/support.tsx';

const unrecorded = () =>
  new Response(
    JSON.stringify({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The access record could not be written.',
      code: 'access-record-unavailable',
    }),
    {
      status: 503,
      headers: { 'content-type': 'application/json' },
    },
  );
const otherOutage = () => new Response(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Down.' }), { status: 503 });

afterEach(() => vi.unstubAllGlobals());

describe('a read the server could not record', () => {
  it('is an error of its own, from a server that answered; any other 503 stays an HTTP error, from one that did not', async () => {
    mockApi({ 'students/s1': unrecorded, 'students/s2': otherOutage });
    const schema = { safeParse: () => ({ success: true, data: null }) } as never;
    resetServerState();
    await expect(getParsed('students/s1', schema)).rejects.toBeInstanceOf(AccessRecordUnavailableError);
    // The server answered: the header does not say it is unavailable (the screen says what failed).
    expect(serverState()).toBe('answering');
    await expect(getParsed('students/s2', schema)).rejects.toBeInstanceOf(HTTPError);
    expect(serverState()).toBe('unavailable');
  });

  it('leaves a list with nothing, not sample data, and says why', () => {
    const state = listState(
      { data: undefined, isError: true, isPending: false, fetchStatus: 'idle', error: new AccessRecordUnavailableError() },
      [{ id: 'sample' }],
      true,
    );
    expect(state).toEqual({ items: [], source: 'unrecorded' });
  });

  it("shows on the student's page, and in the document viewer, in words that name the access record", async () => {
    const { calls } = mockApi({ 'students/s1': unrecorded, 'students/s1/documentos/d1/file': unrecorded });
    renderWithRouter(<StudentProfilePage studentId="s1" />);
    expect(await screen.findByTestId('access-record-failure')).toHaveTextContent('the server could not record who read it');
    expect(screen.queryByText(/Check the connection/)).toBeNull();
    // "Try again" reads it again.
    const asked = () => calls.filter((call) => new URL(call.url).pathname === '/api/students/s1').length;
    const before = asked();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(asked()).toBeGreaterThan(before));

    renderWithProviders(
      <DocumentViewer studentId="s1" document={{ id: 'd1', fileName: 'rg.png', mimeType: 'image/png' }} onClose={() => undefined} />,
    );
    await waitFor(() => expect(screen.getAllByTestId('access-record-failure')).toHaveLength(2));
  });
  it("leaves the roll call's saved roll unknown and says why, when the roll's reading could not be recorded", async () => {
    mockApi({ 'classes/c1/attendance/2026-11-20': unrecorded });
    const queryClient = createTestQueryClient();
    const { result } = renderHook(() => useSavedRoll('c1', '2026-11-20'), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    // A save from here is based on "no roll known" (null): the roll the server has comes back as a conflict, not replaced.
    await waitFor(() => expect(result.current).toMatchObject({ state: 'unknown', unrecorded: true, basedOn: null }));
  });
});
