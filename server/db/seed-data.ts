/** Word lists for the seed: realistic Brazilian names, places and programme activities. */
import type { activityAreas, activityFrequencies } from '../../src/api/contract.ts';

type ActivityArea = (typeof activityAreas)[number];
type ActivityFrequency = (typeof activityFrequencies)[number];

export const seedActivities: ReadonlyArray<{ name: string; area: ActivityArea; frequency: ActivityFrequency; teacher: string }> = [
  { name: 'Futebol Society', area: 'Esportes', frequency: 'Diária', teacher: 'Carlos Eduardo Nascimento' },
  { name: 'Vôlei de Quadra', area: 'Esportes', frequency: 'Semanal', teacher: 'Juliana Ferreira Lima' },
  { name: 'Judô', area: 'Esportes', frequency: 'Mensal', teacher: 'Ricardo Yamamoto' },
  { name: 'Musculação', area: 'Academia', frequency: 'Diária', teacher: 'Fernanda Ribeiro Costa' },
  { name: 'Treinamento Funcional', area: 'Academia', frequency: 'Semanal', teacher: 'Bruno Henrique Alves' },
  { name: 'Avaliação Física', area: 'Academia', frequency: 'Mensal', teacher: 'Patrícia Gomes Duarte' },
  { name: 'Natação Infantil', area: 'Aquáticos', frequency: 'Diária', teacher: 'Marcos Vinícius Rocha' },
  { name: 'Hidroginástica', area: 'Aquáticos', frequency: 'Semanal', teacher: 'Ana Paula Mendes' },
  { name: 'Polo Aquático', area: 'Aquáticos', frequency: 'Mensal', teacher: 'Thiago Barbosa Pires' },
  { name: 'Yoga', area: 'Bem-estar', frequency: 'Diária', teacher: 'Luciana Martins Prado' },
  { name: 'Dança de Salão', area: 'Bem-estar', frequency: 'Semanal', teacher: 'José Roberto Santana' },
  { name: 'Roda de Conversa', area: 'Bem-estar', frequency: 'Mensal', teacher: 'Cláudia Regina Souza' },
  { name: 'Robótica Educacional', area: 'Tecnologia', frequency: 'Diária', teacher: 'Rafael Augusto Teixeira' },
  { name: 'Programação para Jovens', area: 'Tecnologia', frequency: 'Semanal', teacher: 'Camila Oliveira Freitas' },
  { name: 'Inclusão Digital', area: 'Tecnologia', frequency: 'Mensal', teacher: 'Eduardo Lopes Moreira' },
];

export const schedules = [
  '07:00 - 08:00',
  '08:00 - 09:30',
  '09:30 - 11:00',
  '14:00 - 15:30',
  '16:00 - 17:30',
  '18:30 - 20:00',
] as const;

export const firstNames = [
  'Ana', 'Beatriz', 'Camila', 'Daniela', 'Eduarda', 'Fernanda', 'Gabriela', 'Helena', 'Isabela', 'Júlia', 'Larissa',
  'Letícia', 'Manuela', 'Maria Clara', 'Mariana', 'Natália', 'Rafaela', 'Sofia', 'Valentina', 'Yasmin', 'Arthur',
  'Bernardo', 'Caio', 'Davi', 'Enzo', 'Felipe', 'Gabriel', 'Gustavo', 'Heitor', 'João Pedro', 'Lucas', 'Matheus',
  'Miguel', 'Nicolas', 'Pedro Henrique', 'Rafael', 'Samuel', 'Thiago', 'Vinícius', 'Wesley',
] as const;

export const surnames = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa',
  'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias',
  'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Araújo',
] as const;

export const streets = [
  'Rua da Aurora', 'Avenida Conde da Boa Vista', 'Rua do Hospício', 'Rua Amélia', 'Avenida Norte Miguel Arraes',
  'Rua São Bento', 'Rua das Flores', 'Travessa do Carmo', 'Avenida Brasil', 'Rua Sete de Setembro',
  'Rua Padre Anchieta', 'Avenida Getúlio Vargas', 'Rua Tiradentes', 'Rua Dom Pedro II', 'Rua XV de Novembro',
] as const;

export const neighbourhoods = [
  'Boa Vista', 'Santo Amaro', 'Casa Amarela', 'Várzea', 'Ibura', 'Afogados', 'Jardim São Paulo', 'Campo Grande',
] as const;

export const schools = [
  'Escola Municipal Paulo Freire',
  'Escola Estadual Joaquim Nabuco',
  'EREM Ginásio Pernambucano',
  'Escola Municipal Anísio Teixeira',
  'Colégio Estadual Dom Hélder Câmara',
] as const;

export const schoolYears = ['4º ano', '5º ano', '6º ano', '7º ano', '8º ano', '9º ano', '1º ano EM', '2º ano EM', '3º ano EM'] as const;

export const seedUsers: ReadonlyArray<{ fullName: string; access: string; formation: string | null }> = [
  { fullName: 'Mariana Albuquerque Cavalcanti', access: 'admin', formation: 'Gestão Pública' },
  { fullName: 'Paulo César Arruda', access: 'admin', formation: null },
  { fullName: 'Renata Siqueira Campos', access: 'coordenador', formation: 'Educação Física' },
  { fullName: 'André Luiz Bezerra', access: 'coordenador', formation: 'Pedagogia' },
  { fullName: 'Carlos Eduardo Nascimento', access: 'instrutor', formation: 'Educação Física' },
  { fullName: 'Juliana Ferreira Lima', access: 'instrutor', formation: 'Educação Física' },
  { fullName: 'Rafael Augusto Teixeira', access: 'instrutor', formation: 'Engenharia da Computação' },
  { fullName: 'Tatiana Moura Leal', access: 'psicologo', formation: 'Psicologia' },
  { fullName: 'Sandra Helena Pontes', access: 'administrativo', formation: 'Administração' },
  { fullName: 'Diego Fonseca Braga', access: 'administrativo', formation: null },
];
