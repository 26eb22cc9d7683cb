/**
 * The rules of home's attendance alerts that the app shows beside them (issue 56), in the API's contract
 * (contract/attendance.ts re-exports them) and here without zod: home's alerts show them on a first screen, which does
 * not load the contract's code (issue 57).
 */

/** Issue 56: a student is listed below the threshold only with at least this many marked roll days in the month. */
export const BELOW_THRESHOLD_MIN_ROLL_DAYS = 3;
/** Issue 56: how far back home looks for rolls that leave children of their roster not marked. */
export const ROLL_TO_COMPLETE_DAYS = 30;
