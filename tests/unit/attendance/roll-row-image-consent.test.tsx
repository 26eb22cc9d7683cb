/**
 * The roll call marks the children without an image authorisation (issue 51, ECA art. 17), with words beside the icon,
 * so the instructor leaves them out of the photos the funder asks for.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { StudentRollRow } from '../../../src/features/attendance/student-roll-row.tsx';
import { ABSENT_MARK } from '../../../src/features/attendance/roll-mark.ts';
import type { ConsentStateMap } from '../../../src/api/consent-states.ts';
import { renderWithProviders } from '../../support/render.tsx';

const consents = (imageUse: ConsentStateMap['IMAGE_USE']): ConsentStateMap => ({
  DATA_PROCESSING: 'GRANTED',
  IMAGE_USE: imageUse,
  IMAGE_PUBLIC: 'MISSING',
  DATA_SHARING: 'MISSING',
});

const row = (student: Parameters<typeof StudentRollRow>[0]['student']) =>
  renderWithProviders(
    <ul>
      <StudentRollRow student={student} mark={ABSENT_MARK} onSet={() => undefined} onJustify={() => undefined} />
    </ul>,
  );

describe('the roll call and photos', () => {
  it('says "no photos" for a child whose image use was refused or never authorised', () => {
    row({ id: 's1', name: 'Ana Souza', frequencyPercent: 90, consents: consents('REFUSED') });
    expect(screen.getByTestId('roll-no-photos')).toHaveTextContent('No photos: image use refused');
  });

  it('says it for a child never asked', () => {
    row({ id: 's2', name: 'Bia Lima', frequencyPercent: 90, consents: consents('MISSING') });
    expect(screen.getByTestId('roll-no-photos')).toHaveTextContent('No photos: image use not authorised');
  });

  it('says nothing for a child whose image use is authorised, nor when the roster carries no consents', () => {
    row({ id: 's3', name: 'Caio Reis', frequencyPercent: 90, consents: consents('GRANTED') });
    row({ id: 's4', name: 'Davi Melo', frequencyPercent: 90 });
    expect(screen.queryByTestId('roll-no-photos')).toBeNull();
  });
});
