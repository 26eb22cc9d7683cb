import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { RollSyncStatus } from '../../../src/features/attendance/roll-sync-status.tsx';
import { renderWithProviders } from '../../support/render.tsx';

const failed = (reasonCode?: string) => ({ state: 'failed' as const, marks: new Map(), reason: 'Refused.', ...(reasonCode ? { reasonCode } : {}) });

describe("the roll call's status", () => {
  it('says where a roll refused as stale is settled, and only then', () => {
    const { unmount } = renderWithProviders(<RollSyncStatus saved={failed('stale-version')} date="2026-11-24" />);
    expect(screen.getByText('Someone else changed this record after you started.')).toBeInTheDocument();
    expect(screen.getByTestId('roll-conflict-hint')).toHaveTextContent('Compare both rolls under Failed');
    unmount();
    renderWithProviders(<RollSyncStatus saved={failed()} date="2026-11-24" />);
    expect(screen.getByText('Refused.')).toBeInTheDocument();
    expect(screen.queryByTestId('roll-conflict-hint')).toBeNull();
  });
});
