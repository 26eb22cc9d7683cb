import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { IconCalendarCheck, IconHome, IconRun, IconSchool, IconUsers, IconUsersGroup } from '@tabler/icons-react';

/** The six sidebar entries (SPEC §2), with the product's Portuguese URLs. */
export const navItems: { to: string; label: MessageDescriptor; icon: typeof IconHome }[] = [
  { to: '/', label: msg`Home`, icon: IconHome },
  { to: '/frequencias/atividades', label: msg`Attendance`, icon: IconCalendarCheck },
  { to: '/alunos', label: msg`Students`, icon: IconSchool },
  { to: '/atividades', label: msg`Activities`, icon: IconRun },
  { to: '/turmas', label: msg`Classes`, icon: IconUsersGroup },
  { to: '/usuarios', label: msg`Users`, icon: IconUsers },
];
