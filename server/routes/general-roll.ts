/**
 * The general roll (issue 52, "chamada geral"): every active child's arrival at the centre on a date, apart from the
 * class rolls (src/api/general-roll-contract.ts; SQL in data/general-roll.ts). A save replaces the date's roll as a
 * whole, with a class roll's rules (roll-rules.ts): not dated after today, each child once, and a save taken on an older
 * general roll than the server's refused as stale (409 with the roll as it is now). Its marks name children active on
 * that date (400 otherwise). A child present in a class roll of the date has arrived (`arrivedInClass`) whatever the
 * general roll says: an absent mark for them is kept as sent and ignored while the class roll has them present.
 * The access record: a save counts on every child on it, as a class roll's does; a read (the day's, or a month's) on
 * the children it shows arrived, since it says where a child was that day.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDateSchema } from '../../src/api/contract.ts';
import {
  generalMonthQuerySchema,
  generalMonthSchema,
  generalRollInputSchema,
  generalRollSchema,
  type GeneralRoll,
} from '../../src/api/general-roll-contract.ts';
import { activeIdsOn, generalMonth, lockGeneralRollTakenAt, readGeneralRoll, saveGeneralRoll } from '../data/general-roll.ts';
import { today } from '../data/rules/roster.ts';
import { badRequest, listed, staleVersion } from '../errors.ts';
import { errors, type ApiContext } from './context.ts';
import { requireOnceEach, requireRollTimes, unchangedSince } from './roll-rules.ts';

const dayParams = z.object({ date: isoDateSchema });

/** The children a general roll shows arrived: marked present there, or present in a class roll of its date. */
export const arrivedOn = (roll: GeneralRoll): string[] => [
  ...new Set([...roll.entries.filter((entry) => entry.status === 'PRESENT').map((entry) => entry.studentId), ...roll.arrivedInClass]),
];

export const generalRollRoutes: FastifyPluginAsyncZod<ApiContext> = async (app, { db, now, openMode }) => {
  app.put(
    '/attendance/general/:date',
    {
      config: { rule: 'general-roll:write' },
      schema: {
        tags: ['attendance'],
        summary: "Save the general roll of one day: every active child's arrival at the centre (replaces any earlier one of that day)",
        params: dayParams,
        body: generalRollInputSchema,
        response: { 200: generalRollSchema, ...errors(400, 409, 413, 415) },
      },
    },
    async (request) => {
      const { date } = request.params;
      const { takenAt, basedOn, supersedes, entries } = request.body;
      // With sign-in, who took the roll is the signed-in user, not what the device says; open mode has no one to name.
      const takenBy = openMode || !request.staff ? request.body.takenBy : request.staff.email;
      requireRollTimes(date, takenAt, now());
      // The access record: a row for every child on the roll (their whereabouts that day).
      request.auditStudents = entries.map((entry) => entry.studentId);
      requireOnceEach(entries);
      return db.transaction(async (tx) => {
        const takenAtBefore = await lockGeneralRollTakenAt(tx, date);
        if (basedOn !== undefined && !unchangedSince(takenAtBefore, { basedOn, takenAt, supersedes })) {
          const current = await readGeneralRoll(tx, date);
          // Refused as stale, the answer shows the roll as it is now: the children it shows arrived are recorded too.
          request.auditStudents = [...new Set([...entries.map((entry) => entry.studentId), ...arrivedOn(current)])];
          throw staleVersion('general roll', current);
        }
        const active = await activeIdsOn(tx, date);
        const strangers = entries.filter(({ studentId }) => !active.has(studentId)).map((e) => e.studentId);
        if (strangers.length > 0) throw badRequest(`Students not active on ${date}: ${listed(strangers)}`);
        const saved = await saveGeneralRoll(tx, date, takenBy, takenAt, entries);
        request.auditStudents = [...new Set([...entries.map((entry) => entry.studentId), ...saved.arrivedInClass])];
        return saved;
      });
    },
  );

  app.get(
    '/attendance/general/:date',
    {
      config: { rule: 'general-roll:read', audit: 'student' },
      schema: {
        tags: ['attendance'],
        summary:
          "The general roll of one day: its latest save's marks (none, without takenAt, while unsaved) and the children a class roll of that day has present (arrived, whatever their mark)",
        params: dayParams,
        response: { 200: generalRollSchema, ...errors(400) },
      },
    },
    async (request) => {
      const roll = await readGeneralRoll(db, request.params.date);
      request.auditStudents = arrivedOn(roll);
      return roll;
    },
  );

  app.get(
    '/attendance/general',
    {
      config: { rule: 'general-roll:read', audit: 'student' },
      schema: {
        tags: ['attendance'],
        summary:
          "A month's arrivals (month=YYYY-MM, default the current month): per child and day, arrived at the general roll (P) or through a class roll only (C), and the arrivals of each day",
        querystring: generalMonthQuerySchema,
        response: { 200: generalMonthSchema, ...errors(400) },
      },
    },
    async (request) => {
      const month = request.query.month ?? today().slice(0, 7);
      const grid = await generalMonth(db, month);
      request.auditStudents = grid.students.map((student) => student.id);
      return grid;
    },
  );
};
