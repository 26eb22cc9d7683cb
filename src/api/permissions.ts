/**
 * Who may do what: the one rule table of Quadra, read by the server (every /api route names one permission and one
 * hook checks it, server/access.ts) and by the app (it hides what the signed-in user's role cannot do). No zod here:
 * the app's first load carries this table.
 *
 * The records are mostly children's (LGPD art. 14): each role gets the least it needs for its work.
 * - admin: everything, user management included.
 * - coordenador: all the programme's data and its management; reads users and the access record; cannot manage
 *   users (one role holds the keys).
 * - administrativo: the office: registration, guardians, documents, enrolments, and the lists (activities, classes,
 *   students, staff users, whom the office calls); not attendance or reports. The import of a spreadsheet of
 *   students (students:import) writes students, guardians and enrolments: the roles that may write all three.
 * - psicologo: reads students, guardians, documents, attendance and reports (the alerts about children dropping out
 *   are theirs); writes nothing.
 * - instrutor: activities, classes, rosters and attendance (read and write) of their own classes and of classes that
 *   name no instructor (seesRollsOf), the students list (names and frequency only) of those classes' students; no
 *   guardians, no documents, no student records.
 * - assistente_social: what the psychologist reads, for the same reason (the social worker follows the child and the
 *   family, and the dropping-out alerts are theirs too); writes nothing of the office's record.
 * - estagiario_psicologia, estagiario_servico_social: interns work under a supervisor's review: the students list and a
 *   child's record (the profile their form sits on), nothing else; no guardians, documents, attendance or reports
 *   (the supervisor reads those), no writes of the record.
 * The general roll (issue 52, every active child's arrival at the centre on a date): taken by the office, the
 *   coordination and the admin (who receive the children); read also by the psychologist and the social worker (an
 *   arrival is part of the attendance they follow). Not the instructor: it lists every child of the programme, and an
 *   instructor's lists hold only the children they teach; their class roll's present marks count as arrivals anyway.
 *   Not the interns (no attendance at all).
 * Consents (issue 51) follow the record: read by the roles that read it, written by those that write it (the roster
 * carries only each child's state, so the instructor leaves out of photos a child without IMAGE_USE). The term texts,
 * and the anonymisation (irreversible), are the admin's; a child's full export (a guardian's copy) the admin's and the
 * coordinator's.
 * - the programme calendar's days off (issue 50) are read by everyone (the roll call shows one) and set by coordinators
 *   and admins only (calendar:write), who plan the programme's year.
 * - follow-up cases ("busca ativa", issue 50: cases:read, cases:write): their causes and notes can be a child's
 *   health, violence or pregnancy. Admin, coordenador, psicologo and assistente_social read and write them (they
 *   follow the child who stops coming); never instrutor or administrativo (they see no alert about a child, nor a
 *   child's health), and not the interns: they read no attendance or alert either, and a case's contacts with the
 *   family and referrals to CREAS or the Conselho Tutelar are the supervisor's to make, not to review after.
 * - the programme's settings (issue 58: its, the project's and the funder's names, the WhatsApp text to a guardian)
 *   are read by everyone (none of it is personal; the follow-up's message and the funder pack use them) and changed
 *   by the admin only (settings:write): what the programme says to families and funders in its name.
 */
import type { AccessLevel } from './contract.ts';

export const permissions = [
  'me:read',
  'filters:read',
  'students:list',
  'students:read',
  'students:write',
  'guardians:read',
  'guardians:write',
  'documents:read',
  'documents:write',
  'activities:read',
  'activities:write',
  'classes:read',
  'classes:write',
  'enrolments:write',
  'attendance:read',
  'attendance:write',
  'general-roll:read',
  'general-roll:write',
  'reports:read',
  'calendar:read',
  'calendar:write',
  'users:read',
  'users:write',
  'access-log:read',
  'consents:read',
  'consents:write',
  'consent-terms:write',
  'students:export',
  'students:anonymise',
  'assessments:read',
  'assessments:write',
  'assessments:review',
  'assessment-forms:write',
  'students:import',
  'data:export',
  'cases:read',
  'cases:write',
  'settings:read',
  'settings:write',
] as const;
export type Permission = (typeof permissions)[number];

/** Routes that need no sign-in at all (health checks of a supervisor); never personal data. */
export const PUBLIC = 'public';
export type RouteRule = Permission | typeof PUBLIC;

const everyone: Permission[] = ['me:read', 'filters:read', 'activities:read', 'classes:read', 'students:list', 'calendar:read', 'settings:read'];

/**
 * The psychologist and the social worker read what follows a child and write the anamnese forms of their profession
 * (which form is whose: formRights); their interns read the record their form sits on and write, for review.
 */
const psychosocialTeam: Permission[] = [
  ...everyone,
  'students:read',
  'guardians:read',
  'documents:read',
  'attendance:read',
  'general-roll:read',
  'reports:read',
  'consents:read',
  'assessments:read',
  'assessments:write',
  'assessments:review',
  'cases:read',
  'cases:write',
];
const psychosocialIntern: Permission[] = [...everyone, 'students:read', 'consents:read', 'assessments:read', 'assessments:write'];

export const roleMatrix: Record<AccessLevel, readonly Permission[]> = {
  // The admin reads the anamnese and edits its questions, but writes no child's answers (not their profession).
  admin: permissions.filter((permission) => permission !== 'assessments:write' && permission !== 'assessments:review'),
  // Not the keys (users), not the programme's term texts nor the irreversible anonymisation: those are the admin's, and so is everything at once (data:export). The
  // anamnese is written by the psychosocial team: the coordinator reads it, and edits no answers (nor the questions).
  coordenador: permissions.filter(
    (permission) =>
      !(
        [
          'users:write',
          'consent-terms:write',
          'students:anonymise',
          'assessments:write',
          'assessments:review',
          'assessment-forms:write',
          'data:export',
          'settings:write',
        ] as Permission[]
      ).includes(permission),
  ),
  administrativo: [
    ...everyone,
    'students:read',
    'students:write',
    'guardians:read',
    'guardians:write',
    'documents:read',
    'documents:write',
    'enrolments:write',
    'users:read',
    'consents:read',
    'consents:write',
    'students:import',
    // The office receives the children at the door: it takes the general roll (arrivals only, no class's marks).
    'general-roll:read',
    'general-roll:write',
  ],
  psicologo: psychosocialTeam,
  instrutor: [...everyone, 'attendance:read', 'attendance:write'],
  assistente_social: psychosocialTeam,
  estagiario_psicologia: psychosocialIntern,
  estagiario_servico_social: psychosocialIntern,
};

export function permissionsOf(access: string): readonly Permission[] {
  return roleMatrix[access as AccessLevel] ?? [];
}

/**
 * Whose class rolls a staff user sees and takes: an instructor those of their own classes (a class's instructors are a
 * list, instructorsOf below: each sees the class as their own) and of classes that name no
 * instructor (a justified absence can say why: a child's health); every other role those of every class. The server's
 * attendance routes and sync hold to it, and the roll call's class chooser shows only those.
 */
export function seesRollsOf(staff: { id: string; access: string }, instructorIds: readonly string[]): boolean {
  return !ownClassesOnly(staff.access) || instructorIds.length === 0 || instructorIds.includes(staff.id);
}

/**
 * Every instructor of a class (none: every instructor sees it); a copy cached by an older app, or answered by an older
 * server, names one in `instructorId` only. Here and not in class-schedule.ts: the app's first script reads it.
 */
export function instructorsOf(group: { instructorId?: string | null; instructorIds?: readonly string[] }): readonly string[] {
  if (group.instructorIds) return group.instructorIds;
  return group.instructorId ? [group.instructorId] : [];
}

/** Whether a role's rolls are those of its own classes (and of classes that name no instructor) only. */
export const ownClassesOnly = (access: string): boolean => access === 'instrutor';

/**
 * What a role may do with one assessment form (anamnese: health and family data). The route's permission lets the
 * role in; this says which form: the psychological one is the psychologist's and the psychology intern's, the social one
 * the social worker's and the social-work intern's; coordinator and admin read both; a psychologist or a social worker
 * reviews (and their own writes need no review) the form of their profession. Instructor and office: neither.
 */
export type FormRights = { read: boolean; write: boolean; review: boolean };
const formTeams: Record<'PSICOLOGIA' | 'SOCIAL', { lead: string; intern: string }> = {
  PSICOLOGIA: { lead: 'psicologo', intern: 'estagiario_psicologia' },
  SOCIAL: { lead: 'assistente_social', intern: 'estagiario_servico_social' },
};
export function formRights(access: string, formType: 'PSICOLOGIA' | 'SOCIAL'): FormRights {
  const team = formTeams[formType];
  const writes = access === team.lead || access === team.intern;
  return { read: writes || access === 'admin' || access === 'coordenador', write: writes, review: access === team.lead };
}
