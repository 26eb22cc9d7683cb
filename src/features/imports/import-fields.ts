/**
 * The fields a spreadsheet's column can be read into, and the mapping Quadra proposes from the header names
 * (Portuguese and English, accents, case and punctuation ignored). Plain data: the import's worker runs it too.
 */
export const importFields = [
  'fullName',
  'dateOfBirth',
  'registrationNumber',
  'enrollmentDate',
  'race',
  'gender',
  'schoolName',
  'schoolYear',
  'socialProgram',
  'employmentStatus',
  'educationLevel',
  'addressCode',
  'addressStreet',
  'addressNumber',
  'addressComplement',
  'guardianName',
  'guardianPhone',
  'guardianCpf',
  'guardianEmail',
  'className',
] as const;
export type ImportField = (typeof importFields)[number];
/** A column read into nothing. */
export type MappedField = ImportField | '';
/** Fields several columns may feed (a child in two classes: "Turma 1", "Turma 2"); every other field takes one column. */
export const repeatableFields: readonly ImportField[] = ['className'];

/** A header or a value as compared: lower case, no accents, punctuation as spaces, spaces collapsed. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const aliases: Record<ImportField, string[]> = {
  fullName: [
    'nome',
    'nome completo',
    'nome do aluno',
    'nome do educando',
    'nome da crianca',
    'aluno',
    'aluna',
    'educando',
    'crianca',
    'name',
    'full name',
    'student',
    'student name',
  ],
  dateOfBirth: [
    'data de nascimento',
    'nascimento',
    'data nascimento',
    'data nasc',
    'dt nasc',
    'dt nascimento',
    'nasc',
    'birth date',
    'date of birth',
    'birthday',
    'dob',
  ],
  registrationNumber: ['cpf', 'cpf do aluno', 'cpf aluno', 'cpf do educando', 'cpf da crianca', 'student cpf'],
  enrollmentDate: [
    'data de matricula',
    'matricula',
    'data da matricula',
    'data de inscricao',
    'data de entrada',
    'inscricao',
    'enrollment date',
    'enrolment date',
    'enrolled on',
  ],
  race: ['raca', 'cor', 'raca cor', 'cor raca', 'etnia', 'race', 'ethnicity'],
  gender: ['sexo', 'genero', 'gender', 'sex'],
  schoolName: ['escola', 'nome da escola', 'escola onde estuda', 'school', 'school name'],
  schoolYear: ['serie', 'ano escolar', 'ano serie', 'serie ano', 'ano', 'school year', 'grade'],
  socialProgram: ['programa social', 'beneficio', 'beneficio social', 'programa', 'social program', 'benefit'],
  employmentStatus: ['situacao de trabalho', 'situacao profissional', 'ocupacao', 'trabalho', 'employment', 'employment status', 'occupation'],
  educationLevel: ['escolaridade', 'nivel de escolaridade', 'grau de instrucao', 'education', 'education level'],
  addressCode: ['cep', 'zip', 'zip code', 'postcode', 'postal code'],
  addressStreet: ['endereco', 'rua', 'logradouro', 'address', 'street'],
  addressNumber: ['numero', 'n', 'no', 'num', 'number'],
  addressComplement: ['complemento', 'complement'],
  guardianName: [
    'responsavel',
    'nome do responsavel',
    'nome responsavel',
    'mae',
    'nome da mae',
    'pai',
    'nome do pai',
    'guardian',
    'guardian name',
    'parent',
    'parent name',
  ],
  guardianPhone: [
    'telefone',
    'celular',
    'fone',
    'tel',
    'whatsapp',
    'contato',
    'telefone do responsavel',
    'celular do responsavel',
    'phone',
    'mobile',
    'telephone',
    'guardian phone',
  ],
  guardianCpf: ['cpf do responsavel', 'cpf responsavel', 'cpf da mae', 'guardian cpf'],
  guardianEmail: ['email', 'e mail', 'email do responsavel', 'e mail do responsavel', 'guardian email'],
  className: ['turma', 'turmas', 'turma 1', 'turma 2', 'turma 3', 'nome da turma', 'class', 'class name', 'classes', 'group'],
};

const fieldOfAlias = new Map<string, ImportField>(importFields.flatMap((field) => aliases[field].map((alias) => [alias, field] as const)));

/** The field a header names, if Quadra knows the name. */
export const fieldOfHeader = (header: string): ImportField | undefined => fieldOfAlias.get(normalize(header));

/** Remembered mappings: the field each header (normalized) was read into last time. */
export type RememberedMapping = Record<string, MappedField>;

/**
 * The mapping proposed for a file's headers: what the user chose for that header last time, else the field its name
 * says; a field already taken by an earlier column is not proposed again (but the class, which several may feed).
 */
export function proposeMapping(headers: readonly string[], remembered: RememberedMapping = {}): MappedField[] {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const key = normalize(header);
    const field = key in remembered ? remembered[key]! : fieldOfHeader(header);
    if (!field || (taken.has(field) && !repeatableFields.includes(field))) return '';
    taken.add(field);
    return field;
  });
}

/** The mapping to remember: each header's field (an unmapped one too: the user's "nothing" is a choice). */
export function rememberMapping(headers: readonly string[], mapping: readonly MappedField[], before: RememberedMapping = {}): RememberedMapping {
  const next = { ...before };
  headers.forEach((header, index) => {
    const key = normalize(header);
    if (key) next[key] = mapping[index] ?? '';
  });
  return next;
}
