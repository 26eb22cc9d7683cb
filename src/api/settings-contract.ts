/**
 * Programme settings (issue 58): the programme's, project's and funder's names (the funder pack's attendance lists,
 * issue 53) and the WhatsApp text to a guardian (issue 50), with {nome} and {datas} only (src/lib/whatsapp-message.ts).
 * GET /settings (everyone signed in: nothing personal), PUT /settings (admins) with `basedOn`, the version the edit
 * started from (409 stale-version with the current settings when someone saved since).
 */
import * as z from 'zod/mini';
import { isoDateTimeSchema, textSchema } from './contract.ts';
import { WHATSAPP_TEMPLATE_MAX, unknownPlaceholders } from '../lib/whatsapp-message.ts';

export const SETTINGS_NAME_MAX = 160;
const nameField = textSchema.check(z.trim(), z.maxLength(SETTINGS_NAME_MAX));
export const templateRuleMessage = 'The WhatsApp text may hold only the placeholders {nome} and {datas}';

export const whatsappTemplateSchema = textSchema.check(
  z.trim(),
  z.minLength(1),
  z.maxLength(WHATSAPP_TEMPLATE_MAX),
  z.refine((value) => unknownPlaceholders(value).length === 0, { message: templateRuleMessage }),
);

export const settingsFieldsSchema = z.object({
  programmeName: nameField,
  projectName: nameField,
  funderName: nameField,
  whatsappTemplate: whatsappTemplateSchema,
});
export type SettingsFields = z.infer<typeof settingsFieldsSchema>;

export const settingsInputSchema = z.extend(settingsFieldsSchema, { basedOn: z.int().check(z.minimum(1), z.maximum(2147483647)) });
export type SettingsInput = z.infer<typeof settingsInputSchema>;

export const settingsSchema = z.extend(settingsFieldsSchema, {
  version: z.int(),
  updatedBy: z.nullable(z.string()),
  updatedAt: isoDateTimeSchema,
});
export type Settings = z.infer<typeof settingsSchema>;
