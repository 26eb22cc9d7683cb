/**
 * Who may see a class's students and rolls, checked before a route reads or writes them (the query is
 * data/catalog.ts classAccessOf; the rule is src/api/permissions.ts seesRollsOf).
 */
import { ownClassesOnly, seesRollsOf } from '../../src/api/permissions.ts';
import { classAccessOf, type ClassAccess } from '../data/catalog.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError, notFound } from '../errors.ts';

/**
 * The class exists (404 otherwise); with `staff`, they may also see its students and rolls (403 otherwise): an
 * instructor sees those of their own classes and of classes that name no instructor (seesRollsOf), and none of an
 * archived class or activity (off their lists and devices: the coordinators keep its history).
 */
export async function requireClass(db: Queryable, id: string, staff?: { id: string; access: string }): Promise<ClassAccess> {
  const found = await classAccessOf(db, id);
  if (!found) throw notFound('Class');
  if (staff && !seesRollsOf(staff, found.instructorIds)) {
    throw new HttpError(403, "This class is another instructor's: its students and rolls are theirs and the coordinators'", 'forbidden');
  }
  if (staff && ownClassesOnly(staff.access) && (found.archived || found.activityArchived)) {
    throw new HttpError(403, "This class is archived: its students and rolls are the coordinators'", 'forbidden');
  }
  return found;
}
