/** Column expressions shared by the data modules. */

/** A timestamptz column as the contract's ISO instant (UTC, milliseconds, Z). */
export const instant = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
