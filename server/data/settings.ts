/**
 * Programme settings (issue 58, migration 024): the one row of names and the WhatsApp text. Every SQL statement of
 * them; the routes only parse, check and call. Other modules read them here too (the funder pack's PDFs: `settings`).
 */
import type { Settings, SettingsFields } from '../../src/api/settings-contract.ts';
import type { Queryable } from '../db/types.ts';
import { instant } from './columns.ts';

const settingsColumns = `programme_name AS "programmeName", project_name AS "projectName", funder_name AS "funderName",
  whatsapp_template AS "whatsappTemplate", version, updated_by AS "updatedBy", ${instant('updated_at')} AS "updatedAt"`;

/** The programme's settings (the migration writes the row, so there always is one). */
export async function settings(db: Queryable): Promise<Settings> {
  const [row] = await db.query<Settings>(`SELECT ${settingsColumns} FROM settings`);
  return row!;
}

/** The settings, locked until the transaction ends: two saves on the same version cannot both pass the check. */
export async function lockSettings(tx: Queryable): Promise<Settings> {
  const [row] = await tx.query<Settings>(`SELECT ${settingsColumns} FROM settings FOR UPDATE`);
  return row!;
}

/** Writes the settings as given, one version on. */
export async function saveSettings(tx: Queryable, fields: SettingsFields, by: string): Promise<Settings> {
  const [row] = await tx.query<Settings>(
    `UPDATE settings SET programme_name = $1, project_name = $2, funder_name = $3, whatsapp_template = $4,
       version = version + 1, updated_by = $5, updated_at = now()
     RETURNING ${settingsColumns}`,
    [fields.programmeName, fields.projectName, fields.funderName, fields.whatsappTemplate, by],
  );
  return row!;
}
