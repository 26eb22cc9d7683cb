import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterHistory } from '@tanstack/react-router';
import type { PostcodeLookup } from '../../../src/api/postcode.ts';
import type { RegistrationOutcome } from '../../../src/api/student-registration.ts';
import { StudentRegistrationPage } from '../../../src/features/student-registration/registration-page.tsx';
import { DRAFT_KEY, editDraftKey } from '../../../src/features/student-registration/registration-draft.ts';
import { pdfFile, renderWithRouter } from './support.tsx';
import { drainOutbox, enqueue, registerOutboxHandler } from '../../../src/offline/outbox.ts';

const mocks = vi.hoisted(() => ({
  lookup: vi.fn<(value: string) => Promise<PostcodeLookup>>(),
  queue: vi.fn(),
  wait: vi.fn<() => Promise<RegistrationOutcome>>(),
  notify: vi.fn(),
}));
vi.mock('../../../src/api/postcode.ts', async (original) => ({
  ...(await original<typeof import('../../../src/api/postcode.ts')>()),
  lookupPostcode: mocks.lookup,
}));
vi.mock('../../../src/api/student-registration.ts', async (original) => ({
  ...(await original<typeof import('../../../src/api/student-registration.ts')>()),
  queueStudentRegistration: mocks.queue,
  waitForRegistration: mocks.wait,
}));
vi.mock('../../../src/components/notify.ts', () => ({
  notify: mocks.notify,
  notifySaved: (message: string) => mocks.notify({ message, severity: 'success' }),
}));

beforeEach(() => {
  sessionStorage.clear();
  mocks.lookup
    .mockReset()
    .mockResolvedValue({ status: 'found', street: 'Praça da Sé, lado ímpar', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' });
  mocks.queue.mockReset().mockImplementation(async (student: { id: string }, docs: Array<{ meta: { id: string } }>) => ({
    studentItemId: student.id,
    documentItemIds: docs.map((d) => d.meta.id),
  }));
  mocks.wait.mockReset().mockResolvedValue({ status: 'sent' });
  mocks.notify.mockReset();
});
afterEach(() => vi.useRealTimers());

/** `history`: pass the one of an earlier render to reload that page; without it, the form is opened anew. */
async function renderForm(history?: RouterHistory) {
  const user = userEvent.setup();
  const view = renderWithRouter(<StudentRegistrationPage />, history);
  await screen.findByLabelText(/Full name/);
  return { user, ...view };
}
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Register student' }));
const toasts = () => mocks.notify.mock.calls.map(([toast]) => `${toast.severity}: ${toast.message}`);

describe('student registration form', { timeout: 20_000 }, () => {
  it('has every field of the spec, enum selects with an empty first option, and an inert toggle-status button', async () => {
    await renderForm();
    for (const label of ['Full name', 'CPF', 'Date of birth', 'Enrollment date', 'School name', 'School year', 'ZIP code (CEP)', 'Street']) {
      expect(screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))).toBeInTheDocument();
    }
    for (const label of ['Race', 'Gender', 'Social program', 'Employment status', 'Education level']) {
      const select = screen.getByLabelText(label) as HTMLSelectElement;
      expect(select.tagName).toBe('SELECT');
      expect(select.options[0]!.value).toBe('');
      expect(select.options.length).toBeGreaterThan(2);
    }
    expect(screen.getByRole('option', { name: 'Bolsa Família' })).toBeInTheDocument();
    expect(screen.getByTestId('toggle-status')).toBeDisabled();
  });

  it('requires the full name, next to the field, and keeps everything typed', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('School name'), 'EM Paulo Freire');
    await submit(user);
    expect(await screen.findByText('Full name is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('School name')).toHaveValue('EM Paulo Freire');
    expect(mocks.queue).not.toHaveBeenCalled();
  });

  it('checks the CPF digits only when a CPF is given', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Full name/), 'Ana Lima');
    await user.type(screen.getByLabelText(/^CPF/), '123.456.789-00');
    await submit(user);
    expect(await screen.findByText('Invalid CPF: check the digits.')).toBeInTheDocument();
    expect(mocks.queue).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/^CPF/));
    await user.type(screen.getByLabelText(/^CPF/), '529.982.247-25');
    await submit(user);
    await waitFor(() => expect(mocks.queue).toHaveBeenCalledTimes(1));
    expect(mocks.queue.mock.calls[0]![0].registrationNumber).toBe('52998224725');
  });

  it('refuses dates in the future', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Full name/), 'Ana Lima');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2999-01-01' } });
    await submit(user);
    expect(await screen.findByText('The date cannot be in the future.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveValue('2999-01-01');
    expect(mocks.queue).not.toHaveBeenCalled();
  });

  it('looks the ZIP code up only at exactly 8 digits (7 and 9 never), then fills the read-only street', async () => {
    const { user } = await renderForm();
    const zip = screen.getByLabelText(/^ZIP code/);
    await user.type(zip, '0100100');
    expect(mocks.lookup).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Number')).not.toBeInTheDocument();
    await user.type(zip, '01');
    // 9 digits: never looked up.
    expect(mocks.lookup).toHaveBeenCalledTimes(1);
    expect(mocks.lookup).toHaveBeenLastCalledWith('01001000');
    mocks.lookup.mockClear();
    await user.clear(zip);
    await user.type(zip, '010010001');
    expect(mocks.lookup.mock.calls.map(([value]) => value)).toEqual(['01001000']);
    mocks.lookup.mockClear();
    await user.clear(zip);
    await user.type(zip, '01001-000');
    expect(mocks.lookup.mock.calls.map(([value]) => value)).toEqual(['01001-000']);
    const street = screen.getByLabelText('Street');
    await waitFor(() => expect(street).toHaveValue('Praça da Sé, lado ímpar'));
    expect(street).toHaveAttribute('readonly');
    // Issue 52: the neighbourhood, city and state come with it.
    expect(screen.getByLabelText('Neighbourhood')).toHaveValue('Sé');
    expect(screen.getByLabelText('City')).toHaveValue('São Paulo');
    expect(screen.getByLabelText('State (UF)')).toHaveValue('SP');
    expect(screen.getByLabelText('Number')).toBeInTheDocument();
    expect(screen.getByLabelText('Complement')).toBeInTheDocument();
  });

  it('an unknown ZIP code fills nothing', async () => {
    mocks.lookup.mockResolvedValue({ status: 'not-found' });
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^ZIP code/), '99999999');
    expect(await screen.findByText('No address was found for this ZIP code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Street')).toHaveValue('');
    expect(screen.getByLabelText('Street')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Number')).not.toBeInTheDocument();
  });

  it('when the lookup cannot be reached, the street can be typed by hand', async () => {
    mocks.lookup.mockResolvedValue({ status: 'unreachable' });
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^ZIP code/), '01001000');
    expect(await screen.findByText('The ZIP code lookup could not be reached. Type the street by hand.')).toBeInTheDocument();
    const street = screen.getByLabelText('Street');
    expect(street).not.toHaveAttribute('readonly');
    await user.type(street, 'Rua da Quadra, 10');
    await user.type(screen.getByLabelText('Number'), '10');
    expect(street).toHaveValue('Rua da Quadra, 10');
  });

  it('what the lookup said goes with its code: the form cleared after a registration does not still say it', async () => {
    mocks.lookup.mockResolvedValue({ status: 'unreachable' });
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Full name/), 'Ana');
    await user.type(screen.getByLabelText(/^ZIP code/), '01001000');
    const hint = 'The ZIP code lookup could not be reached. Type the street by hand.';
    expect(await screen.findByText(hint)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Street'), 'Rua da Quadra');
    await submit(user);
    await waitFor(() => expect(toasts()).toEqual(['success: Student registered successfully!']));
    expect(screen.getByLabelText(/^ZIP code/)).toHaveValue('');
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
  });

  it('queues the student (with education level and a client id) and its documents, then says it was registered', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Full name/), '  Ana Lima ');
    await user.selectOptions(screen.getByLabelText('Education level'), 'ALFABETIZADO');
    await user.selectOptions(screen.getByLabelText('Race'), 'PARDA');
    // Issue 52's fields.
    await user.type(screen.getByLabelText(/^Social name/), 'Aninha ');
    await user.selectOptions(screen.getByLabelText('Gender'), 'MULHER_TRANS');
    await user.selectOptions(screen.getByLabelText('School year'), 'FUNDAMENTAL_6');
    await user.selectOptions(screen.getByLabelText('School shift'), 'TARDE');
    await user.selectOptions(screen.getByLabelText(/^Age-grade distortion/), 'yes');
    await user.selectOptions(screen.getByLabelText('Employment status'), 'APRENDIZ');
    await user.type(screen.getByLabelText(/^ZIP code/), '01001-000');
    await waitFor(() => expect(screen.getByLabelText('Street')).not.toHaveValue(''));
    await user.type(screen.getByLabelText('Number'), '12');
    await user.click(screen.getByRole('button', { name: 'Add document' }));
    await user.upload(await screen.findByLabelText(/^File/), pdfFile('comprovante.pdf'));
    await user.selectOptions(screen.getByLabelText(/Document type/), 'COMPROVANTE_RESIDENCIA');
    await user.click(screen.getByRole('button', { name: 'Add to the list' }));
    await screen.findByTestId('queued-document');
    await submit(user);
    await waitFor(() => expect(toasts()).toEqual(['success: Student registered successfully!']));
    const [student, docs] = mocks.queue.mock.calls[0]!;
    expect(student).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fullName: 'Ana Lima',
      socialName: 'Aninha',
      race: 'PARDA',
      gender: 'MULHER_TRANS',
      schoolYear: 'FUNDAMENTAL_6',
      schoolShift: 'TARDE',
      gradeGap: true,
      employmentStatus: 'APRENDIZ',
      educationLevel: 'ALFABETIZADO',
      address: { code: '01001000', street: 'Praça da Sé, lado ímpar', number: '12', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
    });
    expect(docs).toHaveLength(1);
    expect(docs[0].fileName).toBe('comprovante.pdf');
    expect(docs[0].file).toBeInstanceOf(Blob);
    expect(docs[0].meta).toMatchObject({ fileName: 'comprovante.pdf', fileType: 'COMPROVANTE_RESIDENCIA', date: '2026-01-10' });
    // Cleared for the next student.
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
    expect(screen.queryAllByTestId('queued-document')).toHaveLength(0);
  });

  it('a refusal shows the failure text, keeps the values, and a re-submit reuses the same client id', async () => {
    mocks.wait.mockResolvedValue({ status: 'refused', reason: 'No ID returned from student registration' });
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Full name/), 'Bia Souza');
    await submit(user);
    await waitFor(() => expect(toasts()).toEqual(['error: Error registering student. Please try again.']));
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Bia Souza');
    expect(screen.getByRole('alert')).toHaveTextContent('No ID returned from student registration');
    mocks.wait.mockResolvedValue({ status: 'sent' });
    await submit(user);
    await waitFor(() => expect(mocks.queue).toHaveBeenCalledTimes(2));
    expect(mocks.queue.mock.calls[1]![0].id).toBe(mocks.queue.mock.calls[0]![0].id);
  });

  it('a refused registration sent after all from the list of changes: the form starts over and says so', async () => {
    mocks.wait.mockResolvedValue({ status: 'refused', reason: 'Forbidden' });
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Full name/), 'Bia Souza');
    await submit(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Forbidden'));
    // The drawer's Retry sends the row of this registration (its client id) as it was saved.
    const id = (mocks.queue.mock.calls[0]![0] as { id: string }).id;
    registerOutboxHandler('test.sent-from-the-drawer', async () => undefined);
    await enqueue({ kind: 'test.sent-from-the-drawer', payload: {}, id });
    await drainOutbox();
    await waitFor(() =>
      expect(toasts()).toContain(
        "info: The refused registration was sent from the list of changes, as it was first saved. To change it, open the student's record.",
      ),
    );
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('a failed document: the student is registered, the document error is shown', async () => {
    mocks.wait.mockResolvedValue({ status: 'document-failed', reason: '503' });
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Full name/), 'Caio');
    await submit(user);
    await waitFor(() => expect(toasts()).toContain('error: Error adding student document'));
  });

  it('offline or unreachable: says it is saved on this device and clears the form', async () => {
    mocks.wait.mockResolvedValue({ status: 'pending' });
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Full name/), 'Davi');
    await submit(user);
    await waitFor(() =>
      expect(toasts()).toEqual(['info: Saved on this device. The registration will be sent as soon as the server can be reached.']),
    );
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
  });

  it('once stored on the device, a reload while it is being sent does not bring the form back under its client id', async () => {
    // The first attempt is slow: the outcome is not known yet when the page is reloaded.
    mocks.wait.mockReturnValue(new Promise<RegistrationOutcome>(() => undefined));
    const first = await renderForm();
    await first.user.type(screen.getByLabelText(/^Full name/), 'Gil Matos');
    await submit(first.user);
    await waitFor(() => expect(mocks.queue).toHaveBeenCalledTimes(1));
    // Submitting that draft again would replace the stored registration, documents and all: there is none to restore.
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    first.unmount();
    await renderForm();
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
  });

  it('is read-only while the registration is being sent, so nothing typed then is lost with the clean-up', async () => {
    mocks.wait.mockReturnValue(new Promise<RegistrationOutcome>(() => undefined));
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Full name/), 'Iara Lopes');
    await submit(user);
    await waitFor(() => expect(screen.getByLabelText(/^Full name/)).toBeDisabled());
    expect(screen.getByLabelText('School name')).toBeDisabled();
  });

  it('a refused registration is kept across a reload, with its client id, so a re-submit replaces it', async () => {
    mocks.wait.mockResolvedValue({ status: 'refused', reason: 'A student with this CPF is already registered' });
    const first = await renderForm();
    await first.user.type(screen.getByLabelText(/^Full name/), 'Hugo Reis');
    await submit(first.user);
    await waitFor(() => expect(toasts()).toEqual(['error: Error registering student. Please try again.']));
    const queuedId = mocks.queue.mock.calls[0]![0].id;
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toMatchObject({ clientId: queuedId, values: { fullName: 'Hugo Reis' } });
    first.unmount();
    const second = await renderForm(first.router.history);
    await waitFor(() => expect(screen.getByLabelText(/^Full name/)).toHaveValue('Hugo Reis'));
    mocks.wait.mockResolvedValue({ status: 'sent' });
    await submit(second.user);
    await waitFor(() => expect(mocks.queue).toHaveBeenCalledTimes(2));
    expect(mocks.queue.mock.calls[1]![0].id).toBe(queuedId);
  });

  it('a CPF already registered: the CPF field is marked with the reason and focused, everything typed stays to be corrected', async () => {
    mocks.wait.mockResolvedValue({ status: 'refused', reason: 'CPF taken (server words)', reasonCode: 'cpf-taken' });
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Full name/), 'Lia Campos');
    await user.type(screen.getByLabelText(/^CPF/), '529.982.247-25');
    await user.type(screen.getByLabelText('School name'), 'EE Centro');
    await submit(user);
    const cpf = screen.getByLabelText(/^CPF/);
    await waitFor(() => expect(cpf).toHaveFocus());
    expect(cpf).toHaveAttribute('aria-invalid', 'true');
    expect(cpf).toHaveAccessibleDescription(expect.stringContaining('A student with this CPF is already registered.'));
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Lia Campos');
    expect(screen.getByLabelText('School name')).toHaveValue('EE Centro');
    // Leaving the field does not check the server's reason away; correcting the CPF does.
    await user.tab();
    expect(cpf).toHaveAttribute('aria-invalid', 'true');
    await user.clear(cpf);
    await user.type(cpf, '111.444.777-35');
    expect(cpf).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('a new registration opened after a refusal starts empty, and its submit sends none of the refused CPF', async () => {
    mocks.wait.mockResolvedValue({ status: 'refused', reason: 'CPF taken', reasonCode: 'cpf-taken' });
    const first = await renderForm();
    await first.user.type(screen.getByLabelText(/^Full name/), 'Lia Campos');
    await first.user.type(screen.getByLabelText(/^CPF/), '529.982.247-25');
    await submit(first.user);
    await waitFor(() => expect(screen.getByLabelText(/^CPF/)).toHaveAttribute('aria-invalid', 'true'));
    first.unmount();
    // "Create New Student" on the list: the form opened anew, in a new history entry.
    const second = await renderForm();
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
    expect(screen.getByLabelText(/^CPF/)).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    mocks.wait.mockResolvedValue({ status: 'sent' });
    await second.user.type(screen.getByLabelText(/^Full name/), 'Rui Nunes');
    await submit(second.user);
    await waitFor(() => expect(mocks.queue).toHaveBeenCalledTimes(2));
    const [sent] = mocks.queue.mock.calls[1]!;
    expect(sent).toEqual({ id: expect.any(String), fullName: 'Rui Nunes' });
    expect(sent.id).not.toBe(mocks.queue.mock.calls[0]![0].id);
  });

  it("after a success, the new student's profile, guardians and enrolment are a tap away", async () => {
    const { user, router } = await renderForm();
    await user.type(screen.getByLabelText(/^Full name/), 'Ana Lima');
    await submit(user);
    const links = await screen.findByTestId('registered-links');
    const id = (mocks.queue.mock.calls[0]![0] as { id: string }).id;
    expect(links).toHaveTextContent('Ana Lima was registered');
    expect(within(links).getByRole('link', { name: 'Open the profile' })).toHaveAttribute('href', `/alunos/${id}`);
    expect(within(links).getByRole('link', { name: 'Guardians' })).toHaveAttribute('href', `/alunos/${id}/responsaveis`);
    expect(within(links).getByRole('link', { name: 'Enroll in a class' })).toHaveAttribute('href', `/alunos/${id}#turmas`);
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
    await waitFor(() => expect(links).toHaveFocus());
    await user.click(within(links).getByRole('link', { name: 'Open the profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/alunos/${id}`));
  });

  it('keeps half-typed values across a reload', async () => {
    const first = await renderForm();
    await first.user.type(screen.getByLabelText(/^Full name/), 'Eva Rocha');
    await first.user.type(screen.getByLabelText(/^Social name/), 'Evinha');
    await first.user.selectOptions(screen.getByLabelText('School year'), 'FUNDAMENTAL_5');
    await first.user.selectOptions(screen.getByLabelText('School shift'), 'MANHA');
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!).values.fullName).toBe('Eva Rocha');
    first.unmount();
    await renderForm(first.router.history);
    await waitFor(() => expect(screen.getByLabelText(/^Full name/)).toHaveValue('Eva Rocha'));
    expect(screen.getByLabelText(/^Social name/)).toHaveValue('Evinha');
    expect(screen.getByLabelText('School year')).toHaveValue('FUNDAMENTAL_5');
    expect(screen.getByLabelText('School shift')).toHaveValue('MANHA');
  });

  it("keeps a student's edit not saved yet across a reload, onto the same version only, and forgets it once saved", async () => {
    const record = {
      id: 'stu-7',
      fullName: 'Eva Rocha',
      schoolName: 'EM Inicial',
      // Text kept from before the list of school years (issue 52): shown as written, kept until changed.
      schoolYear: '5a série B',
      address: { street: 'Rua A' },
      active: true,
      frequencyPercent: 80,
      enrolments: [],
      version: 3,
    };
    const open = async (version: number) => {
      const user = userEvent.setup();
      const view = renderWithRouter(<StudentRegistrationPage editing={{ ...record, version }} />);
      await screen.findByLabelText('School name');
      return { user, ...view };
    };
    const first = await open(3);
    await waitFor(() => expect(screen.getByLabelText('School name')).toHaveValue('EM Inicial'));
    expect(screen.getByLabelText('School year')).toHaveValue('5a série B');
    expect(screen.getByRole('option', { name: '5a série B (as written before)' })).toBeInTheDocument();
    await first.user.clear(screen.getByLabelText('School name'));
    await first.user.type(screen.getByLabelText('School name'), 'EM Nova');
    first.unmount();

    const again = await open(3);
    await waitFor(() => expect(screen.getByLabelText('School name')).toHaveValue('EM Nova'));
    again.unmount();

    // Someone else saved the record since: their version is shown, not the old draft over it, which is dropped.
    const newer = await open(4);
    await waitFor(() => expect(screen.getByLabelText('School name')).toHaveValue('EM Inicial'));
    expect(sessionStorage.getItem(editDraftKey('stu-7'))).toBeNull();
    await newer.user.selectOptions(screen.getByLabelText('School year'), 'FUNDAMENTAL_6');
    expect(sessionStorage.getItem(editDraftKey('stu-7'))).not.toBeNull();
    await newer.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sessionStorage.getItem(editDraftKey('stu-7'))).toBeNull());
  });
});
