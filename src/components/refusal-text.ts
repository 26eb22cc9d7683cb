/**
 * A refused write's reason in the user's language: the refusals the server names with a code the app knows
 * (contract writeRefusals) are worded here; any other is shown in the server's own words.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { WriteRefusal } from '../api/contract.ts';
import type { Refusal } from '../lib/db.ts';

const texts: Record<WriteRefusal, MessageDescriptor> = {
  'cpf-taken': msg`A student with this CPF is already registered.`,
  'email-taken': msg`A user with this e-mail is already registered.`,
  'stale-version': msg`Someone else changed this record after you started.`,
  'roll-date-future': msg`A roll cannot be dated after today.`,
  'status-date-future': msg`A deactivation or reactivation cannot be dated after today.`,
  forbidden: msg`Your access does not allow this change.`,
  'disk-full': msg`The server's disk is full: tell the administrator.`,
};

const isKnown = (code: string | undefined): code is WriteRefusal => code !== undefined && Object.hasOwn(texts, code);

export function useRefusalText(): (refusal: Refusal) => string | undefined {
  const { i18n } = useLingui();
  return ({ reason, reasonCode }) => (isKnown(reasonCode) ? i18n._(texts[reasonCode]) : reason);
}
