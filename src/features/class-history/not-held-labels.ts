/**
 * Why a class was not held (issue 50), as the history's grid, CSV and print sheet say it. The same words as the roll
 * call's (features/attendance/not-held-reasons.ts), written here too: each feature's texts are in its own catalog,
 * loaded with its screen, and the history does not load the roll call's.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { NotHeldReason } from '../../api/contract.ts';

export const notHeldLabels: Record<NotHeldReason, MessageDescriptor> = {
  WEATHER: msg`Weather`,
  INSTRUCTOR_ABSENT: msg`Instructor absent`,
  VENUE: msg`Venue unavailable`,
  EVENT: msg`Programme event`,
  OTHER: msg`Other`,
};
