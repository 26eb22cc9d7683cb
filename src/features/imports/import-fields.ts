/**
 * The fields a spreadsheet's column can be read into, and the mapping Quadra proposes from the header names
 * (Portuguese and English, accents, case and punctuation ignored). Plain data: the import's worker runs it too.
 */

/**
 * The fields of the child's record and of their guardian, besides the name, birth date and CPF: both imports read
 * them (read-rows.ts readRecordCell), the class list for a child Quadra does not have yet.
 */
export const recordImportFields = [
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
  'addressNeighborhood',
  'addressCity',
  'addressState',
  'socialName',
  'schoolShift',
  'gradeGap',
  'guardianName',
  'guardianSocialName',
  'guardianRelationship',
  'guardianPhone',
  'guardianCpf',
  'guardianEmail',
] as const;
export type RecordImportField = (typeof recordImportFields)[number];

export const importFields = ['fullName', 'dateOfBirth', 'registrationNumber', 'enrollmentDate', ...recordImportFields, 'className'] as const;
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

/** The names a spreadsheet gives the child's name, birth date and CPF (the class list's fields too: enrolment-fields.ts). */
export const childAliases = {
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
} as const satisfies Record<string, readonly string[]>;

/** The names a spreadsheet gives the record's and guardian's fields (the class list's fields too: enrolment-fields.ts). */
export const recordAliases: Record<RecordImportField, readonly string[]> = {
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
  addressNeighborhood: ['bairro', 'neighborhood', 'neighbourhood', 'district'],
  addressCity: ['cidade', 'municipio', 'city', 'town'],
  addressState: ['estado', 'uf', 'state'],
  socialName: ['nome social', 'nome social do aluno', 'nome social da crianca', 'nome social do educando', 'social name'],
  schoolShift: ['turno', 'turno escolar', 'turno da escola', 'periodo escolar', 'school shift', 'shift'],
  gradeGap: [
    'defasagem',
    'defasagem escolar',
    'defasagem idade serie',
    'distorcao idade serie',
    'distorcao idade ano',
    'atraso escolar',
    'age grade distortion',
    'grade gap',
  ],
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
  guardianSocialName: ['nome social do responsavel', 'nome social responsavel', 'guardian social name', 'guardian s social name'],
  guardianRelationship: [
    'parentesco',
    'grau de parentesco',
    'parentesco do responsavel',
    'vinculo',
    'vinculo com a crianca',
    'relacao',
    'relationship',
    'relation',
    'guardian relationship',
    'guardian s relationship',
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
};

const aliases: Record<ImportField, readonly string[]> = {
  ...childAliases,
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
  ...recordAliases,
  className: ['turma', 'turmas', 'turma 1', 'turma 2', 'turma 3', 'nome da turma', 'class', 'class name', 'classes', 'group'],
};

const fieldOfAlias = new Map<string, ImportField>(importFields.flatMap((field) => aliases[field].map((alias) => [alias, field] as const)));

/** The field a header names, if Quadra knows the name. */
export const fieldOfHeader = (header: string): ImportField | undefined => fieldOfAlias.get(normalize(header));

/** Remembered mappings: the field each header (normalized) was read into last time. */
export type RememberedMapping<F extends string = ImportField> = Record<string, F | ''>;

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
export function rememberMapping<F extends string>(
  headers: readonly string[],
  mapping: readonly (F | '')[],
  before: RememberedMapping<F> = {},
): RememberedMapping<F> {
  const next = { ...before };
  headers.forEach((header, index) => {
    const key = normalize(header);
    if (key) next[key] = mapping[index] ?? '';
  });
  return next;
}

/** The mapping remembered on this device under `key` (localStorage; each import has its own). */
export function rememberedMapping<F extends string>(key: string): RememberedMapping<F> {
  try {
    return JSON.parse(localStorage.getItem(key) ?? '{}') as RememberedMapping<F>;
  } catch {
    return {};
  }
}

/** Remembers the user's choice of fields for these headers, for the next file. */
export const saveMapping = <F extends string>(key: string, headers: readonly string[], mapping: readonly (F | '')[]): void =>
  localStorage.setItem(key, JSON.stringify(rememberMapping(headers, mapping, rememberedMapping<F>(key))));
