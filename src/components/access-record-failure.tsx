/**
 * A child's data the server did not show because it could not record who read it (LGPD art. 37; http.ts
 * AccessRecordUnavailableError): said as such, not as a connection failure, so the user knows that trying again, or
 * telling the administrator, is what helps.
 */
import type { ReactNode } from 'react';
import { Alert, Button } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { AccessRecordUnavailableError } from '../lib/http.ts';

const tryAgain = msg`Try again`;

export const accessRecordFailureText = msg`This child's data was not shown: the server could not record who read it, which the law on personal data (LGPD) requires. Try again in a moment; if it goes on, tell the program's administrator.`;

/** `onRetry`: a "Try again" that reads it again (the server may record it a moment later). */
export function AccessRecordFailure({ onRetry }: { onRetry?: () => void }) {
  const { i18n } = useLingui();
  return (
    <Alert color="red" c="red.9" variant="light" mb="md" role="alert" data-testid="access-record-failure">
      {i18n._(accessRecordFailureText)}
      {onRetry && (
        <Button display="block" mt="sm" variant="default" mih={44} onClick={onRetry}>
          {i18n._(tryAgain)}
        </Button>
      )}
    </Alert>
  );
}

/** Whether a read failed because the server could not record it. */
export const isAccessRecordFailure = (error: unknown): boolean => error instanceof AccessRecordUnavailableError;

/** A read's failure on screen: the access record's own words when that was the cause, else the screen's (`children`). */
export function ReadFailure({ error, onRetry, children }: { error: unknown; onRetry?: () => void; children: ReactNode }) {
  return isAccessRecordFailure(error) ? <AccessRecordFailure {...(onRetry ? { onRetry } : {})} /> : children;
}
