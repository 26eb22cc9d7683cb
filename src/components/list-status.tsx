import { Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListSource } from '../offline/list-source.ts';
import { ListSourceBanner } from './list-source-banner.tsx';

type Props = {
  source: ListSource;
  /** When the device's copy came from the server (listState's savedAt). */
  savedAt?: number | undefined;
  /** True when there is nothing to show (after filters). */
  empty: boolean;
  /** The page's own texts, already translated: 'Error loading ...', 'Loading ...', 'No ... found'. */
  errorText: ReactNode;
  loadingLabel: string;
  emptyText: ReactNode;
  children: ReactNode;
};

/** One rule for every list: where the data comes from, then its error text, a loader, the empty text or the list. */
export function ListStatus({ source, savedAt, empty, errorText, loadingLabel, emptyText, children }: Props) {
  let body: ReactNode = children;
  if (source === 'error') {
    body = (
      <Text c="red.9" role="alert" data-testid="list-error">
        {errorText}
      </Text>
    );
  } else if (source === 'unrecorded') {
    body = null; // the banner says why nothing is shown
  } else if (source === 'loading' && empty) {
    body = <Loader aria-label={loadingLabel} />;
  } else if (empty) {
    body = (
      <Text c="gray.7" data-testid="empty-text">
        {emptyText}
      </Text>
    );
  }
  return (
    <>
      <ListSourceBanner source={source} savedAt={savedAt} />
      {body}
    </>
  );
}
