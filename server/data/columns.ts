/** Column expressions shared by the data modules. */

/** A timestamptz column as the contract's ISO instant (UTC, milliseconds, Z). */
export const instant = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A calendar day (YYYY-MM-DD) as an SQL date constant, for a statement that should be planned once for that day rather
 * than with a parameter (data/reports.ts attendanceAlerts). Anything else is refused: no text reaches the SQL.
 */
export function dateLiteral(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`Not a calendar day: ${JSON.stringify(day).slice(0, 40)}`);
  return `'${day}'::date`;
}
