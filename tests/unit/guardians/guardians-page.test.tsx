import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { GuardiansPage } from '../../../src/features/guardians/guardians-page.tsx';
import type { SearchUpdater } from '../../../src/features/guardians/guardian-modal.tsx';
import type { GuardianSearch } from '../../../src/features/guardians/guardian-search.ts';
import { notify } from '../../../src/components/notify.ts';
import { db } from '../../../src/lib/db-dexie.ts';
import { drainOutbox } from '../../../src/offline/outbox.ts';
import { registerGuardianHandlers } from '../../../src/api/guardians.ts';
import { mockApi, renderWithRouter } from '../students/support.tsx';

vi.mock('../../../src/components/notify.ts', () => {
  const notify = vi.fn();
  // A saved write's toast is a success toast (notifySaved adds a line only when the server is away).
  return { notify, notifySaved: (message: string) => notify({ message, severity: 'success' }) };
});

const guardians = [
  {
    id: 'g1',
    name: 'Patrícia Santos',
    cpf: '52998224725',
    birthDate: '1985-04-12',
    civilState: 'CASADO',
    nis: '12345678901',
    phone: '(11) 98765-4321',
    email: 'patricia@example.com',
    address: 'Rua das Flores, 120',
    relationship: 'MAE',
  },
];

/** The register modal filled in, as its URL holds it (SPEC §2). */
const newGuardianSearch: GuardianSearch = {
  action: 'open-new-responsible-modal',
  text1: 'Novo Responsável',
  text2: '111.444.777-35',
  text3: '999',
  text4: 'Rua Nova, 5',
  text5: '11911112222',
  text6: 'novo@example.com',
  select1: 'SOLTEIRO',
  select2: 'PAI',
  date1: '1990-01-15',
};

beforeEach(async () => {
  vi.mocked(notify).mockClear();
  await db.outbox.clear();
});
afterEach(() => vi.unstubAllGlobals());

function setup(initial: GuardianSearch = {}, studentId = 'stu-1') {
  let current = initial;
  function Harness() {
    const [search, setSearch] = useState(initial);
    const updateSearch: SearchUpdater = (update) =>
      setSearch((previous) => {
        current = update(previous);
        return current;
      });
    return <GuardiansPage studentId={studentId} search={search} updateSearch={updateSearch} />;
  }
  // In a router: the page links back to the students list.
  renderWithRouter(<Harness />);
  return { url: () => current };
}

describe('guardians page', () => {
  it('shows person cards: CPF formatted, birth date in the locale format, civil status translated', async () => {
    mockApi({ 'students/stu-1/responsibles': guardians });
    setup();
    const card = (await screen.findByText('Patrícia Santos')).closest('[data-testid="guardian-card"]') as HTMLElement;
    expect(within(card).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(card).getByText('04/12/1985')).toBeInTheDocument();
    expect(within(card).getByText('Married')).toBeInTheDocument();
    for (const text of ['12345678901', '(11) 98765-4321', 'patricia@example.com', 'Rua das Flores, 120']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
  });

  it('Register Guardian opens the modal through the URL', async () => {
    const user = userEvent.setup();
    mockApi({ 'students/stu-1/responsibles': guardians });
    const { url } = setup();
    await screen.findByText('Patrícia Santos');
    await user.click(screen.getByRole('button', { name: 'Register Guardian' }));
    expect(url()).toEqual({ action: 'open-new-responsible-modal' });
    expect(await screen.findByRole('dialog', { name: 'Register Guardian' })).toBeInTheDocument();
  });

  it('saving queues the guardian, toasts, closes the modal clearing the URL and shows the guardian as pending', async () => {
    const user = userEvent.setup();
    mockApi({ 'students/stu-1/responsibles': guardians });
    const { url } = setup(newGuardianSearch);
    await screen.findByText('Patrícia Santos');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(url()).toEqual({}));
    expect(notify).toHaveBeenCalledWith({ message: 'Guardian added successfully!', severity: 'success' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'guardian.create',
      payload: { studentId: 'stu-1', guardian: { id: rows[0]!.id, name: 'Novo Responsável', cpf: '11144477735', civilState: 'SOLTEIRO' } },
    });
    const card = (await screen.findByText('Novo Responsável')).closest('[data-testid="guardian-card"]') as HTMLElement;
    expect(within(card).getByText('Waiting to sync')).toBeInTheDocument();
  });

  it('Edit opens the same modal filled and queues a PUT of the change', async () => {
    const user = userEvent.setup();
    mockApi({ 'students/stu-1/responsibles': guardians });
    const { url } = setup();
    await screen.findByText('Patrícia Santos');
    await user.click(screen.getByRole('button', { name: 'Edit Patrícia Santos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Guardian' });
    expect(within(dialog).getByLabelText(/^Name( \*)?$/)).toHaveValue('Patrícia Santos');
    expect(within(dialog).getByLabelText(/^Civil status( \*)?$/)).toHaveValue('CASADO');
    expect(url()).toEqual({ action: 'open-edit-responsible-modal', responsibleId: 'g1' });
    await user.clear(within(dialog).getByLabelText(/^Phone( \*)?$/));
    await user.type(within(dialog).getByLabelText(/^Phone( \*)?$/), '(11) 90000-0000');
    // The edit's typing stays out of the URL, in the tab's sessionStorage (a reload brings it back).
    await waitFor(() => expect(sessionStorage.getItem('quadra.guardian-edit.draft.g1')).toContain('(11) 90000-0000'));
    expect(url()).toEqual({ action: 'open-edit-responsible-modal', responsibleId: 'g1' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(url()).toEqual({}));
    expect(notify).toHaveBeenCalledWith({ message: 'Guardian updated successfully!', severity: 'success' });
    const rows = await db.outbox.toArray();
    expect(rows[0]).toMatchObject({
      kind: 'guardian.update',
      payload: { studentId: 'stu-1', guardianId: 'g1', guardian: { phone: '(11) 90000-0000' } },
    });
    const card = screen.getByText('Patrícia Santos').closest('[data-testid="guardian-card"]') as HTMLElement;
    expect(await within(card).findByText('(11) 90000-0000')).toBeInTheDocument();
    expect(within(card).getByText('Waiting to sync')).toBeInTheDocument();
    expect(sessionStorage.getItem('quadra.guardian-edit.draft.g1')).toBeNull();
  });

  it('a guardian sent, whose list could not be read again, is edited on the version the server gave it', async () => {
    const user = userEvent.setup();
    registerGuardianHandlers();
    let reads = 0;
    mockApi({
      // The list once; every read after it fails (the link dropped).
      'students/stu-1/responsibles': () => {
        reads += 1;
        if (reads > 1) throw new TypeError('Failed to fetch');
        return Response.json(guardians);
      },
      'POST students/stu-1/responsibles': async (request: Request) => Response.json({ ...(await request.json()), version: 1 }),
    });
    const { url } = setup(newGuardianSearch);
    await screen.findByText('Patrícia Santos');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(url()).toEqual({}));
    await drainOutbox();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await waitFor(() => expect(reads).toBeGreaterThan(1));
    await user.click(await screen.findByRole('button', { name: 'Edit Novo Responsável' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Guardian' });
    await user.clear(within(dialog).getByLabelText(/^Phone( \*)?$/));
    await user.type(within(dialog).getByLabelText(/^Phone( \*)?$/), '(11) 90000-0000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    // Checked against version 1 on the server: a coordinator's edit in between comes back as a conflict.
    expect((await db.outbox.toArray())[0]).toMatchObject({ kind: 'guardian.update', payload: { guardian: { version: 1 } } });
  });

  it("an edit's typing survives a reload, and opens by the guardian's id alone", async () => {
    const user = userEvent.setup();
    mockApi({ 'students/stu-1/responsibles': guardians });
    const first = setup({ action: 'open-edit-responsible-modal', responsibleId: 'g1' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Guardian' });
    expect(within(dialog).getByLabelText(/^CPF( \*)?$/)).toHaveValue('52998224725');
    await user.clear(within(dialog).getByLabelText(/^Address( \*)?$/));
    await user.type(within(dialog).getByLabelText(/^Address( \*)?$/), 'Rua Nova, 9');
    await waitFor(() => expect(sessionStorage.getItem('quadra.guardian-edit.draft.g1')).toContain('Rua Nova, 9'));
    expect(first.url()).toEqual({ action: 'open-edit-responsible-modal', responsibleId: 'g1' });
    cleanup();
    setup({ action: 'open-edit-responsible-modal', responsibleId: 'g1' });
    const again = await screen.findByRole('dialog', { name: 'Edit Guardian' });
    expect(within(again).getByLabelText(/^Address( \*)?$/)).toHaveValue('Rua Nova, 9');
    sessionStorage.clear();
  });

  it('a student registered on this device and not sent yet: no guardians, not sample ones; one added waits for the registration', async () => {
    const user = userEvent.setup();
    const api = mockApi({});
    await db.outbox.put({
      id: 'stu-new',
      kind: 'student.create',
      payload: {},
      createdAt: 1,
      state: 'pending',
      nextAttemptAt: Date.now() + 60_000,
      attempts: [],
    });
    setup(newGuardianSearch, 'stu-new');
    expect(await screen.findByTestId('guardians-after-registration')).toBeInTheDocument();
    expect(screen.queryByTestId('sample-banner')).not.toBeInTheDocument();
    expect(screen.queryByText('Roberto Oliveira')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.outbox.where('kind').equals('guardian.create').count()).toBe(1));
    expect(await db.outbox.where('kind').equals('guardian.create').first()).toMatchObject({ dependsOn: 'stu-new' });
    expect(api.calls.filter((call) => call.url.includes('/responsibles'))).toHaveLength(0);
  });

  it('sample guardians are shown with a banner and nothing can be saved for them', async () => {
    const user = userEvent.setup();
    mockApi({});
    setup({ action: 'open-new-responsible-modal' }, 'sample-stu-1');
    expect(await screen.findByTestId('sample-banner')).toBeInTheDocument();
    expect(screen.getByText('Roberto Oliveira')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/nothing can be saved for sample records/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await db.outbox.count()).toBe(0);
  });

  it('a student the server does not have (404): "Student not found" with a way back; no sample guardians, no Register', async () => {
    mockApi({
      'students/nope/responsibles': () =>
        new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Student not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    });
    setup({ action: 'open-new-responsible-modal' }, 'nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Student not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to students' })).toBeInTheDocument();
    expect(screen.queryByTestId('sample-banner')).not.toBeInTheDocument();
    expect(screen.queryByText('Roberto Oliveira')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register Guardian' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a guardian name holding HTML shows as plain text', async () => {
    mockApi({ 'students/stu-1/responsibles': [{ ...guardians[0], name: '<img src=x onerror=alert(1)>' }] });
    setup();
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});
