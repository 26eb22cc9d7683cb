import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AccessLogEntry } from '../../api/contract.ts';
import { recordFieldLabels } from '../../components/conflict-fields.ts';

/**
 * What an entry of a student's access record did, in words, by its method and route (the server records the route's
 * pattern). tests/unit/server/access-log-actions.test.ts holds it to the server's routes that can leave such an entry.
 */
export const accessLogActions: Record<string, MessageDescriptor> = {
  'GET /students/:id': msg`Read the student's record`,
  'PUT /students/:id': msg`Changed the student's record`,
  'POST /students/:id/status': msg`Deactivated or reactivated the student`,
  'PUT /classes/:classId/students/:studentId': msg`Enrolled the student in a class`,
  'DELETE /classes/:classId/students/:studentId': msg`Ended the student's enrollment in a class`,
  'DELETE /responsibles/:id': msg`Removed a guardian`,
  'DELETE /students/:id/documentos/:docId': msg`Removed a document`,
  'GET /students/:id/responsibles': msg`Read the guardians`,
  'GET /students/:id/documentos': msg`Read the list of documents`,
  'GET /students/:id/documentos/:docId/file': msg`Opened a document`,
  'GET /students/:id/access-log': msg`Read this access record`,
  'GET /reports/beneficiaries': msg`Read the funders' period report, which names the student`,
  'GET /reports/funder-pack': msg`Downloaded the funders' pack, which names the student`,
  'GET /students/:id/export': msg`Exported all of the student's data (a guardian's copy)`,
  'POST /students/:id/anonymise': msg`Anonymised the student: their personal data removed for good`,
  'POST /students': msg`Registered the student`,
  'POST /students/:id/responsibles': msg`Added a guardian`,
  'PUT /responsibles/:id': msg`Changed a guardian`,
  'PUT /classes/:classId/attendance/:date': msg`Took or corrected a roll call with the student`,
  'GET /classes/:classId/attendance/:date': msg`Read a roll call with the student's justified absence`,
  'PUT /attendance/general/:date': msg`Took or corrected the general roll with the student`,
  'GET /attendance/general/:date': msg`Read the general roll with the student's arrival`,
  'GET /attendance/general': msg`Read a month of arrivals at the centre, the student's among them`,
  'GET /sync': msg`Synced a device with the recent rolls, which give the student's justified absence`,
  'POST /students/:id/documentos': msg`Added a document`,
  'POST /imports/students': msg`Imported the student from a spreadsheet`,
  'POST /imports/students/matches': msg`Found the student while checking a spreadsheet to import`,
  'POST /imports/enrolments': msg`Enrolled the student in a class from a spreadsheet`,
  'POST /imports/enrolments/matches': msg`Found the student while checking a class list to import`,
  'GET /students/:id/consents': msg`Read the student's consents`,
  'POST /students/:id/consents': msg`Recorded a consent for the student`,
  'GET /students/:id/assessments': msg`Read the student's anamnese`,
  'PUT /students/:id/assessments/:formType': msg`Wrote the student's anamnese`,
  'POST /students/:id/assessments/:formType/review': msg`Marked the student's anamnese reviewed`,
  'GET /cases': msg`Read the list of follow-up cases, which names the student`,
  'GET /cases/:id': msg`Read the student's follow-up case`,
  'GET /students/:id/cases': msg`Read the student's follow-up cases`,
  'POST /cases': msg`Opened a follow-up case for the student`,
  'POST /cases/:id/steps': msg`Recorded a step of the student's follow-up case`,
  'PUT /cases/:id/steps/:stepId/outcome': msg`Said how a contact about the student went`,
  'POST /cases/:id/close': msg`Closed the student's follow-up case`,
};

/**
 * What an entry did, in words (issue 56): a status change says whether it deactivated or reactivated, an edit which
 * fields it changed; entries written before the server kept that (or of other routes) say what their route did.
 */
export function describeAccess(entry: Pick<AccessLogEntry, 'method' | 'route' | 'detail'>, i18n: I18n): string {
  const key = `${entry.method} ${entry.route}`;
  const change = entry.detail?.change;
  if (key === 'POST /students/:id/status' && change) {
    return change === 'deactivated' ? i18n._(msg`Deactivated the student`) : i18n._(msg`Reactivated the student`);
  }
  const fields = entry.detail?.fields;
  if (key === 'PUT /students/:id' && fields) {
    if (fields.length === 0) return i18n._(msg`Saved the student's record with no change`);
    const list = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(
      fields.map((field) => (recordFieldLabels[field] ? i18n._(recordFieldLabels[field]) : field)),
    );
    return i18n._(msg`Changed the student's record: ${list}`);
  }
  if (key === 'GET /reports/funder-pack' && entry.detail?.cpfInFull)
    return i18n._(msg`Downloaded the funders' pack, which names the student, with the CPF in full`);
  const action = accessLogActions[key];
  return action ? i18n._(action) : key;
}
