import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useAuthorName } from '../../../src/components/author-name.ts';
import { renderWithProviders } from '../../support/render.tsx';

function Authors({ names }: { names: (string | null | undefined)[] }) {
  const authorName = useAuthorName();
  return (
    <ul>
      {names.map((name, i) => (
        <li key={i}>{authorName(name)}</li>
      ))}
    </ul>
  );
}

describe('who saved a record', () => {
  it('calls the author of a roll taken with nobody signed in anonymous, and a record naming nobody an unknown user', () => {
    renderWithProviders(<Authors names={['anonymous', 'ana@example.org', null, '']} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'an anonymous user (nobody was signed in)',
      'ana@example.org',
      'Unknown user',
      'Unknown user',
    ]);
  });
});
