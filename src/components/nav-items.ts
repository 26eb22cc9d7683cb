import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { PUBLIC, type RouteRule } from '../api/permissions.ts';
import {
  IconCalendarCheck,
  IconCalendarOff,
  IconDoorEnter,
  IconUserOff,
  IconChartBar,
  IconHeartHandshake,
  IconHome,
  IconRun,
  IconLock,
  IconSchool,
  IconSettings,
  IconShieldCheck,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';

/** The sidebar entries (SPEC §2's six, and the reports of issue 17), with the product's Portuguese URLs and the permission each screen needs. */
export const navItems: { to: string; label: MessageDescriptor; icon: typeof IconHome; permission: RouteRule }[] = [
  { to: '/', label: msg`Home`, icon: IconHome, permission: 'me:read' },
  { to: '/frequencias/atividades', label: msg`Attendance`, icon: IconCalendarCheck, permission: 'attendance:read' },
  // Issue 52: every child's arrival at the centre; the office takes it, and has no class rolls.
  { to: '/frequencias/geral', label: msg`General roll`, icon: IconDoorEnter, permission: 'general-roll:read' },
  { to: '/alunos', label: msg`Students`, icon: IconSchool, permission: 'students:list' },
  { to: '/atividades', label: msg`Activities`, icon: IconRun, permission: 'activities:read' },
  { to: '/turmas', label: msg`Classes`, icon: IconUsersGroup, permission: 'classes:read' },
  { to: '/usuarios', label: msg`Users`, icon: IconUsers, permission: 'users:read' },
  { to: '/relatorios', label: msg`Reports`, icon: IconChartBar, permission: 'reports:read' },
  // The follow-up of children who stop coming (issue 50, "busca ativa").
  { to: '/acompanhamentos', label: msg`Follow-ups`, icon: IconHeartHandshake, permission: 'cases:read' },
  { to: '/consentimentos', label: msg`Consents`, icon: IconShieldCheck, permission: 'consents:read' },
  { to: '/calendario', label: msg`Calendar`, icon: IconCalendarOff, permission: 'calendar:write' },
  // The admin's: students past the retention period, to anonymise (issue 51, LGPD art. 16).
  { to: '/retencao', label: msg`Retention`, icon: IconUserOff, permission: 'students:anonymise' },
  // The admin's: the programme's names and the WhatsApp text to guardians (issue 58).
  { to: '/configuracoes', label: msg`Settings`, icon: IconSettings, permission: 'settings:write' },
  // Anyone's, signed in or not (LGPD art. 14 § 2: what the programme holds about a child and how to ask for it).
  { to: '/privacidade', label: msg`Privacy`, icon: IconLock, permission: PUBLIC },
];
