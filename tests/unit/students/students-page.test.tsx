import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StudentsPage } from '../../../src/features/students/students-page.tsx';
import { db } from '../../../src/lib/db-dexie.ts';
import { mockApi, renderWithRouter } from './support.tsx';

const students = [
  { id: 's1', name: 'João Pedro Oliveira', frequencyPercent: 78 },
  { id: 's2', name: 'Ana Beatriz Santos', frequencyPercent: 92.4 },
  { id: 's3', name: '<b>Bold</b> <script>alert(1)</script>', frequencyPercent: 10 },
];

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('students page', () => {
  it('shows a card per student with name and attendance percent', async () => {
    mockApi({ students });
    renderWithRouter(<StudentsPage />);
    const card = (await screen.findByText('Ana Beatriz Santos')).closest('[data-testid="student-card"]') as HTMLElement;
    expect(within(card).getByText('Attendance since enrolment: 92%')).toBeInTheDocument();
    expect(screen.getAllByTestId('student-card')).toHaveLength(3);
  });

  it("tells an instructor that the list is their classes' students (the server sends no others), and no one else", async () => {
    const instructor = { id: 'u1', email: 'i@example.org', full_name: 'I', access: 'instrutor', permissions: ['students:list'] };
    mockApi({ students, me: instructor });
    const { unmount } = renderWithRouter(<StudentsPage />);
    expect(await screen.findByTestId('own-classes-note')).toHaveTextContent('The students of your classes');
    unmount();
    mockApi({ students, me: { ...instructor, access: 'coordenador' } });
    renderWithRouter(<StudentsPage />);
    await screen.findByText('Ana Beatriz Santos');
    expect(screen.queryByTestId('own-classes-note')).toBeNull();
  });

  it("filters by gender, school year, employment and school shift (the URL's query) for those who read the records, not for an instructor", async () => {
    const coordinator = { id: 'u2', email: 'c@example.org', full_name: 'C', access: 'coordenador', permissions: ['students:list', 'students:read'] };
    const described = [
      { id: 's1', name: 'João Pedro Oliveira', frequencyPercent: 78, gender: 'MASCULINO', schoolYear: 'FUNDAMENTAL_6' },
      { id: 's2', name: 'Ana Beatriz Santos', frequencyPercent: 92.4, gender: 'FEMININO', schoolYear: 'FUNDAMENTAL_6', schoolShift: 'TARDE' },
      {
        id: 's4',
        name: 'Carla Dias',
        frequencyPercent: 50,
        gender: 'FEMININO',
        schoolYear: 'EJA',
        employmentStatus: 'APRENDIZ',
        schoolShift: 'NOITE',
      },
    ];
    mockApi({ students: described, me: coordinator });
    const onFilters = vi.fn();
    const { unmount } = renderWithRouter(<StudentsPage filters={{ gender: 'FEMININO' }} onFilters={onFilters} />);
    await screen.findByText('Ana Beatriz Santos');
    expect(screen.getAllByTestId('student-card')).toHaveLength(2);
    expect(screen.queryByText('João Pedro Oliveira')).toBeNull();
    // The URL names a filter: the fields are shown (loaded on demand), with the seven genders and the school years.
    const gender = await screen.findByRole('combobox', { name: 'Gender' });
    expect(gender).toHaveValue('FEMININO');
    expect(within(gender).getAllByRole('option')).toHaveLength(8);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'School year' }), 'EJA');
    expect(onFilters).toHaveBeenLastCalledWith({ gender: 'FEMININO', schoolYear: 'EJA' });
    // Employment (the seven, with intern, apprentice and self-employed) and school shift (the four), each named.
    const employment = screen.getByRole('combobox', { name: 'Employment status' });
    expect(
      within(employment)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any employment status', 'Employed', 'Unemployed', 'Student', 'Intern', 'Apprentice', 'Self-employed', 'Other']);
    await userEvent.selectOptions(employment, 'APRENDIZ');
    expect(onFilters).toHaveBeenLastCalledWith({ gender: 'FEMININO', employmentStatus: 'APRENDIZ' });
    const shift = screen.getByRole('combobox', { name: 'School shift' });
    expect(within(shift).getAllByRole('option')).toHaveLength(5);
    await userEvent.selectOptions(shift, 'NOITE');
    expect(onFilters).toHaveBeenLastCalledWith({ gender: 'FEMININO', schoolShift: 'NOITE' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onFilters).toHaveBeenLastCalledWith({});
    unmount();

    // The list as the URL's employment and shift filter it.
    mockApi({ students: described, me: coordinator });
    const shown = renderWithRouter(<StudentsPage filters={{ schoolShift: 'TARDE' }} onFilters={onFilters} />);
    await screen.findByText('Ana Beatriz Santos');
    expect(screen.getAllByTestId('student-card')).toHaveLength(1);
    expect(await screen.findByRole('combobox', { name: 'School shift' })).toHaveValue('TARDE');
    shown.unmount();
    mockApi({ students: described, me: coordinator });
    const apprentices = renderWithRouter(<StudentsPage filters={{ employmentStatus: 'APRENDIZ' }} onFilters={onFilters} />);
    await screen.findByText('Carla Dias');
    expect(screen.getAllByTestId('student-card')).toHaveLength(1);
    apprentices.unmount();

    // An instructor's list carries neither: no filters, whatever the URL says.
    mockApi({ students: described, me: { ...coordinator, access: 'instrutor', permissions: ['students:list'] } });
    renderWithRouter(<StudentsPage filters={{ gender: 'FEMININO' }} onFilters={onFilters} />);
    await screen.findByText('João Pedro Oliveira');
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
  });

  it("Create Guardian opens that student's guardians page with the register modal", async () => {
    mockApi({ students });
    renderWithRouter(<StudentsPage />);
    const link = await screen.findByRole('link', { name: 'Create Guardian for João Pedro Oliveira' });
    expect(link).toHaveAttribute('href', '/alunos/s1/responsaveis?action=open-new-responsible-modal');
  });

  it('Create New Student goes to the registration form', async () => {
    mockApi({ students });
    renderWithRouter(<StudentsPage />);
    expect(await screen.findByRole('link', { name: 'Create New Student' })).toHaveAttribute('href', '/alunos/cadastro');
  });

  it('search ignores case and accents; no match shows the empty text', async () => {
    const user = userEvent.setup();
    mockApi({ students });
    renderWithRouter(<StudentsPage />);
    await screen.findByText('Ana Beatriz Santos');
    await user.type(screen.getByLabelText('Search students'), 'JOAO');
    await waitFor(() => expect(screen.getAllByTestId('student-card')).toHaveLength(1));
    expect(screen.getByText('João Pedro Oliveira')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search students'));
    await user.type(screen.getByLabelText('Search students'), 'nobody');
    expect(await screen.findByText('No students found')).toBeInTheDocument();
  });

  it('an empty list shows the empty text', async () => {
    mockApi({ students: [] });
    renderWithRouter(<StudentsPage />);
    expect(await screen.findByText('No students found')).toBeInTheDocument();
  });

  it('a name holding HTML or script shows as plain text', async () => {
    mockApi({ students });
    const { container } = renderWithRouter(<StudentsPage />);
    expect(await screen.findByText('<b>Bold</b> <script>alert(1)</script>')).toBeInTheDocument();
    expect(container.querySelector('script, b')).toBeNull();
  });

  it('with 5,000 students only the rows near the viewport are in the DOM', async () => {
    // jsdom lays nothing out: the rows are assumed at their estimated height, in a 768 px tall window.
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: `id-${i}`, name: `Student ${i}`, frequencyPercent: i % 101 }));
    mockApi({ students: many });
    renderWithRouter(<StudentsPage />);
    await screen.findByText('Student 0');
    const cards = screen.getAllByTestId('student-card');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThan(40);
    expect(cards[0]).toHaveAttribute('aria-setsize', '5000');
  });

  it('a registration waiting in the outbox shows at once, marked pending', async () => {
    mockApi({ students });
    await db.outbox.put({
      id: 'row-1',
      kind: 'student.create',
      payload: { id: '7d4b1f7e-0000-4000-8000-000000000001', fullName: 'Nova Aluna' },
      createdAt: Date.now(),
      state: 'pending',
      nextAttemptAt: Date.now() + 60_000,
      attempts: [],
    });
    renderWithRouter(<StudentsPage />);
    const card = (await screen.findByText('Nova Aluna')).closest('[data-testid="student-card"]') as HTMLElement;
    expect(within(card).getByText('Waiting to sync')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Create Guardian' })).toBeDisabled();
  });

  it('when the pending registration leaves the outbox, the list is fetched again', async () => {
    const api = mockApi({ students });
    await db.outbox.put({
      id: 'row-2',
      kind: 'student.create',
      payload: { id: 'new-2', fullName: 'Synced Soon' },
      createdAt: Date.now(),
      state: 'pending',
      nextAttemptAt: Date.now() + 60_000,
      attempts: [],
    });
    renderWithRouter(<StudentsPage />);
    await screen.findByText('Synced Soon');
    const before = api.calls.filter((r) => r.url.endsWith('/api/students')).length;
    const after = mockApi({ students: [...students, { id: 'new-2', name: 'Synced Soon', frequencyPercent: 0 }] });
    await db.outbox.delete('row-2');
    await waitFor(() => expect(after.calls.filter((r) => r.url.endsWith('/api/students'))).toHaveLength(1));
    expect(before).toBe(1);
    await waitFor(() => expect(screen.queryByText('Waiting to sync')).toBeNull());
    expect(await screen.findByText('Synced Soon')).toBeInTheDocument();
  });

  it('falls back to the sample students with a banner when the server fails', async () => {
    mockApi({});
    renderWithRouter(<StudentsPage />);
    expect(await screen.findByTestId('sample-banner')).toBeInTheDocument();
    expect(await screen.findByText('Giovanna Alves')).toBeInTheDocument();
  });

  it('the status switch is one radio group: Inactive and All ask the server for those students, Active shows the list again', async () => {
    const user = userEvent.setup();
    const inactive = [{ id: 's9', name: 'Carla Inativa Souza', frequencyPercent: 0 }];
    const asked: string[] = [];
    mockApi({
      students: (request: Request) => {
        const status = new URL(request.url).searchParams.get('status');
        asked.push(status ?? 'active');
        const list = status === 'inactive' ? inactive : status === 'all' ? [...students, ...inactive] : students;
        return new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    renderWithRouter(<StudentsPage />);
    await screen.findByText('Ana Beatriz Santos');
    const group = screen.getByRole('radiogroup', { name: 'Show students' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('name'))).toEqual(['students-status', 'students-status', 'students-status']);
    expect(within(group).getByRole('radio', { name: 'Active' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'Inactive' }));
    expect(await screen.findByText('Carla Inativa Souza')).toBeInTheDocument();
    expect(screen.queryByText('Ana Beatriz Santos')).toBeNull();
    expect(within(group).getByRole('radio', { name: 'Inactive' })).toBeChecked();
    expect(asked).toContain('inactive');

    await user.click(within(group).getByRole('radio', { name: 'All' }));
    await screen.findByText('Ana Beatriz Santos');
    expect(screen.getByText('Carla Inativa Souza')).toBeInTheDocument();
    expect(asked).toContain('all');

    await user.click(within(group).getByRole('radio', { name: 'Active' }));
    await waitFor(() => expect(screen.queryByText('Carla Inativa Souza')).toBeNull());
    expect(screen.getByText('Ana Beatriz Santos')).toBeInTheDocument();
  });
});
