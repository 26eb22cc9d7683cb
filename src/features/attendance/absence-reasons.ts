/** The reasons of a justified absence (issue 17), in the order the roll call offers them. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AbsenceReason } from '../../api/contract.ts';

export const absenceReasonLabels: Record<AbsenceReason, MessageDescriptor> = {
  HEALTH: msg`Health`,
  SCHOOL: msg`School`,
  FAMILY: msg`Family`,
  TRANSPORT: msg`Transport`,
  OTHER: msg`Other`,
};
