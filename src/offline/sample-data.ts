/**
 * Built-in sample data (SPEC §7: lists fall back to it when the server fails and nothing is cached). It is for
 * display only: screens say plainly that they show it, and no write is ever queued for a sample record. Every sample
 * id starts with "sample-" so that rule can be checked anywhere.
 */
import type { Activity, ClassGroup, Guardian, StudentSummary, User } from '../api/contract.ts';

export const SAMPLE_ID_PREFIX = 'sample-';
export const isSampleId = (id: string): boolean => id.startsWith(SAMPLE_ID_PREFIX);

export const sampleActivities: Activity[] = [
  { id: 'sample-act-1', name: 'Futsal', teacher: 'Carlos Andrade', area: 'Esportes', frequency: 'Semanal' },
  { id: 'sample-act-2', name: 'Musculação', teacher: 'Fernanda Lima', area: 'Academia', frequency: 'Diária' },
  { id: 'sample-act-3', name: 'Natação', teacher: 'Rafael Souza', area: 'Aquáticos', frequency: 'Semanal' },
  { id: 'sample-act-4', name: 'Yoga', teacher: 'Juliana Prado', area: 'Bem-estar', frequency: 'Semanal' },
  { id: 'sample-act-5', name: 'Robótica', teacher: 'Marcos Ribeiro', area: 'Tecnologia', frequency: 'Mensal' },
];

export const sampleClasses: ClassGroup[] = [
  { id: 'sample-cls-1', title: 'Futsal Sub-12', weekDay: 'SEGUNDA', schedule: '08:00 - 09:30', level: 'INICIANTE', activityId: 'sample-act-1' },
  { id: 'sample-cls-2', title: 'Futsal Sub-15', weekDay: 'QUARTA', schedule: '14:00 - 15:30', level: 'INTERMEDIARIO', activityId: 'sample-act-1' },
  { id: 'sample-cls-3', title: 'Musculação Manhã', weekDay: 'TERCA', schedule: '07:00 - 08:00', level: 'TODOS_NIVEIS', activityId: 'sample-act-2' },
  { id: 'sample-cls-4', title: 'Natação Adulto', weekDay: 'QUINTA', schedule: '18:00 - 19:00', level: 'AVANCADO', activityId: 'sample-act-3' },
  { id: 'sample-cls-5', title: 'Yoga ao Ar Livre', weekDay: 'SABADO', schedule: '09:00 - 10:00', level: 'TODOS_NIVEIS', activityId: 'sample-act-4' },
  { id: 'sample-cls-6', title: 'Robótica Jovem', weekDay: 'SEXTA', schedule: '15:00 - 17:00', level: 'INICIANTE', activityId: 'sample-act-5' },
];

export const sampleStudents: StudentSummary[] = [
  { id: 'sample-stu-1', name: 'Ana Beatriz Santos', frequencyPercent: 92 },
  { id: 'sample-stu-2', name: 'João Pedro Oliveira', frequencyPercent: 78 },
  { id: 'sample-stu-3', name: 'Maria Eduarda Costa', frequencyPercent: 85 },
  { id: 'sample-stu-4', name: 'Lucas Gabriel Ferreira', frequencyPercent: 64 },
  { id: 'sample-stu-5', name: 'Giovanna Alves', frequencyPercent: 100 },
  { id: 'sample-stu-6', name: 'Enzo Rodrigues', frequencyPercent: 71 },
];

export const sampleGuardians: Guardian[] = [
  {
    id: 'sample-gua-1',
    name: 'Patrícia Santos',
    cpf: '52998224725',
    birthDate: '1985-04-12',
    civilState: 'CASADO',
    nis: '12345678901',
    phone: '(11) 98765-4321',
    email: 'patricia.santos@example.com',
    address: 'Rua das Flores, 120 - Vila Nova, São Paulo - SP',
  },
  {
    id: 'sample-gua-2',
    name: 'Roberto Oliveira',
    cpf: '11144477735',
    birthDate: '1979-09-30',
    civilState: 'DIVORCIADO',
    nis: '10987654321',
    phone: '(11) 91234-5678',
    email: 'roberto.oliveira@example.com',
    address: 'Avenida Brasil, 455 - Centro, São Paulo - SP',
  },
];

export const sampleUsers: User[] = [
  {
    id: 'sample-usr-1',
    full_name: 'Helena Martins',
    phone: '(11) 99999-0001',
    access: 'admin',
    formation: 'Gestão',
    email: 'helena.martins@example.com',
  },
  {
    id: 'sample-usr-2',
    full_name: 'Paulo Mendes',
    phone: '(11) 99999-0002',
    access: 'coordenador',
    formation: 'Educação Física',
    email: 'paulo.mendes@example.com',
  },
  {
    id: 'sample-usr-3',
    full_name: 'Carlos Andrade',
    phone: '(11) 99999-0003',
    access: 'instrutor',
    formation: 'Educação Física',
    email: 'carlos.andrade@example.com',
  },
  {
    id: 'sample-usr-4',
    full_name: 'Renata Gomes',
    phone: '(11) 99999-0004',
    access: 'psicologo',
    formation: 'Psicologia',
    email: 'renata.gomes@example.com',
  },
  {
    id: 'sample-usr-5',
    full_name: 'Bruno Teixeira',
    phone: '(11) 99999-0005',
    access: 'administrativo',
    formation: 'Administração',
    email: 'bruno.teixeira@example.com',
  },
  {
    id: 'sample-usr-6',
    full_name: 'Luciana Prado',
    phone: '(11) 99999-0006',
    access: 'assistente_social',
    formation: 'Serviço Social',
    email: 'luciana.prado@example.com',
  },
];
