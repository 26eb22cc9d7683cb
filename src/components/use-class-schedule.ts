/** A class's schedule as people read it (issue 52): each meeting's weekday and times, and the class's first and last day. */
import { useLingui } from '@lingui/react/macro';
import { meetingsOf, scheduleNoteOf } from '../api/class-schedule.ts';
import type { ClassGroup } from '../api/contract.ts';
import { useEnumLabel } from './use-enum.ts';
import { localMidnight } from '../lib/calendar-date.ts';

type Scheduled = Pick<ClassGroup, 'weekDay' | 'schedule' | 'meetings' | 'scheduleNote' | 'startsOn' | 'endsOn'>;

export function useClassSchedule() {
  const { t, i18n } = useLingui();
  const weekDay = useEnumLabel('weekDay');
  const day = (date: string) => i18n.date(localMidnight(date), { dateStyle: 'medium' });
  return {
    /** One text a meeting ("Monday 08:00 - 09:30"), then the free text kept from before times were asked for. */
    meetings(group: Scheduled, withDay = true): string[] {
      const lines = meetingsOf(group).map((meeting) => {
        const times = meeting.start && meeting.end ? `${meeting.start} - ${meeting.end}` : '';
        return withDay ? [weekDay(meeting.weekDay), times].filter(Boolean).join(' ') : times;
      });
      const note = scheduleNoteOf(group);
      return [...lines, note].filter(Boolean);
    },
    /** The schedule beside the weekdays already shown: one meeting's times alone ("08:00 - 09:30"), several with their day. */
    times(group: Scheduled): string {
      return this.meetings(group, meetingsOf(group).length > 1).join('; ');
    },
    /** The class's dates, or null when it has neither. */
    dates(group: Scheduled): string | null {
      const from = group.startsOn ? day(group.startsOn) : '';
      const until = group.endsOn ? day(group.endsOn) : '';
      if (from && until) return t`From ${from} to ${until}`;
      if (from) return t`From ${from}`;
      if (until) return t`Until ${until}`;
      return null;
    },
  };
}
