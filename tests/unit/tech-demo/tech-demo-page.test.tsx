import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TechDemoPage } from '../../../src/features/tech-demo/tech-demo-page.tsx';
import { notify } from '../../../src/components/notify.ts';
import { config } from '../../../src/lib/config.ts';
import { mockApi, renderWithRouter } from '../students/support.tsx';

vi.mock('../../../src/components/notify.ts', () => ({ notify: vi.fn() }));

const repo = {
  full_name: 'TanStack/query',
  description: 'Powerful asynchronous state management',
  subscribers_count: 123,
  stargazers_count: 45678,
  forks_count: 3210,
  extra: 'ignored',
};

/** The demo endpoint is external; answer it by its full address. */
function mockRepo(answer: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === config.demoRepoUrl) return answer();
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => vi.mocked(notify).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('tech demo page', () => {
  it('shows the repository information from the configured address', async () => {
    const fetchMock = mockRepo(() => new Response(JSON.stringify(repo), { headers: { 'content-type': 'application/json' } }));
    renderWithRouter(<TechDemoPage />);
    const card = await screen.findByTestId('repo-info');
    expect(await within(card).findByText('TanStack/query')).toBeInTheDocument();
    expect(within(card).getByText('Powerful asynchronous state management')).toBeInTheDocument();
    expect(within(card).getByText('123')).toBeInTheDocument();
    expect(within(card).getByText('45,678')).toBeInTheDocument();
    expect(within(card).getByText('3,210')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
  });

  it("a failed call shows 'API Error: {message}'", async () => {
    mockRepo(() => new Response('nope', { status: 503, statusText: 'Service Unavailable' }));
    renderWithRouter(<TechDemoPage />);
    expect(await screen.findByText('API Error: the server answered with status 503')).toBeInTheDocument();
  });

  it("an unreachable address is said in the page language, not in the browser's words", async () => {
    mockRepo(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithRouter(<TechDemoPage />);
    expect(await screen.findByText('API Error: the address could not be reached')).toBeInTheDocument();
  });

  it('a malformed answer is an API error too', async () => {
    mockRepo(() => new Response(JSON.stringify({ full_name: 'x' }), { headers: { 'content-type': 'application/json' } }));
    renderWithRouter(<TechDemoPage />);
    expect(await screen.findByText('API Error: malformed answer')).toBeInTheDocument();
  });

  it('an answer that is not JSON (an HTML page, a cut-off body) is a malformed answer, said in the page language', async () => {
    mockRepo(() => new Response('<html>rate limited</html>', { headers: { 'content-type': 'application/json' } }));
    renderWithRouter(<TechDemoPage />);
    expect(await screen.findByText('API Error: malformed answer')).toBeInTheDocument();
  });

  it('has a button for each toast severity', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderWithRouter(<TechDemoPage />);
    for (const [name, severity] of [
      ['Success toast', 'success'],
      ['Error toast', 'error'],
      ['Info toast', 'info'],
      ['Warning toast', 'warning'],
    ] as const) {
      await user.click(await screen.findByRole('button', { name }));
      expect(notify).toHaveBeenLastCalledWith(expect.objectContaining({ severity }));
    }
    expect(notify).toHaveBeenCalledTimes(4);
  });

  it('opens and closes a modal, and shows a sample person card', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderWithRouter(<TechDemoPage />);
    await user.click(await screen.findByRole('button', { name: 'Open modal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demo modal' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const person = screen.getByTestId('demo-person-card');
    expect(within(person).getByText('529.982.247-25')).toBeInTheDocument();
  });
});
