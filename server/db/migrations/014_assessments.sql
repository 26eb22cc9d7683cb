-- Assessment forms (anamnese) as data (src/api/assessment-contract.ts, server/data/assessments.ts): every version of
-- each form's questions, never changed once written (an admin's edit adds a version), and a child's answers to each
-- form, with the form version they were written on. Version 1 of each form is Quadra's own, in Portuguese, on the
-- topics the programme's psychologists and social workers ask about.
CREATE TABLE assessment_forms (
  form_type  text NOT NULL CHECK (form_type IN ('PSICOLOGIA', 'SOCIAL')),
  version    integer NOT NULL CHECK (version > 0),
  questions  jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  PRIMARY KEY (form_type, version)
);

-- One row per child and form: the answers as last saved. An intern's answers stay theirs (reviewed_at null) until a
-- psychologist or a social worker marks them reviewed; `version` counts saves (a stale save answers 409).
CREATE TABLE student_assessments (
  student_id        text NOT NULL REFERENCES students (id),
  form_type         text NOT NULL,
  form_version      integer NOT NULL,
  answers           jsonb NOT NULL,
  version           integer NOT NULL DEFAULT 1,
  written_by_id     text NOT NULL,
  written_by        text NOT NULL,
  written_by_access text NOT NULL,
  written_at        timestamptz NOT NULL DEFAULT now(),
  reviewed_by       text,
  reviewed_at       timestamptz,
  PRIMARY KEY (student_id, form_type),
  FOREIGN KEY (form_type, form_version) REFERENCES assessment_forms (form_type, version)
);

INSERT INTO assessment_forms (form_type, version, questions, created_by) VALUES ('PSICOLOGIA', 1, '[{"id": "relacoes-familiares", "text": "Como são as relações na família (com quem a criança ou o adolescente mora, com quem tem mais vínculo)?", "required": true, "type": "TEXT"}, {"id": "conflitos-familiares", "text": "Há conflitos frequentes na família? Se sim, quais?", "required": true, "type": "YES_NO"}, {"id": "apoio-emocional", "text": "Com quem conta quando está triste, com medo ou com um problema?", "required": true, "type": "TEXT"}, {"id": "saude-mental-familia", "text": "Há histórico de transtorno mental na família? Se sim, de quem e qual?", "required": true, "type": "YES_NO"}, {"id": "acesso-saude", "text": "A família tem acesso a serviços de saúde (UBS, CAPS, especialistas)?", "required": false, "type": "YES_NO"}, {"id": "acesso-servicos", "text": "A família é acompanhada por serviços de educação ou assistência social (CRAS, CREAS, Conselho Tutelar)? Quais?", "required": false, "type": "YES_NO"}, {"id": "condicao-cronica", "text": "Tem alguma condição de saúde crônica? Se sim, qual?", "required": true, "type": "YES_NO"}, {"id": "medicacao", "text": "Faz uso de medicação contínua? Se sim, qual e para quê?", "required": true, "type": "YES_NO"}, {"id": "telas-tempo", "text": "Quanto tempo por dia passa em telas (celular, TV, videogame)?", "required": true, "type": "CHOICE", "options": ["Menos de 1 hora", "De 1 a 3 horas", "De 3 a 5 horas", "Mais de 5 horas"]}, {"id": "telas-regras", "text": "Há regras em casa para o uso de telas? Quais?", "required": false, "type": "YES_NO"}, {"id": "amizades", "text": "Como são as amizades (faz amigos com facilidade, tem amigos próximos)?", "required": false, "type": "TEXT"}, {"id": "autonomia", "text": "Realiza sozinho as tarefas do dia a dia próprias da idade (higiene, alimentação, deveres)?", "required": false, "type": "CHOICE", "options": ["Sim, com autonomia", "Com alguma ajuda", "Depende de ajuda"]}, {"id": "frustracao", "text": "Como lida com frustrações e com limites?", "required": true, "type": "TEXT"}]'::jsonb, 'Quadra');
INSERT INTO assessment_forms (form_type, version, questions, created_by) VALUES ('SOCIAL', 1, '[{"id": "expectativas", "text": "Em que a família espera que o programa ajude a criança ou o adolescente?", "required": true, "type": "TEXT"}, {"id": "filiacao", "text": "A criança ou o adolescente é filho biológico ou adotivo?", "required": true, "type": "CHOICE", "options": ["Biológico", "Adotivo", "Sob guarda ou tutela"]}, {"id": "religiao", "text": "A família segue alguma religião? Qual?", "required": false, "type": "YES_NO"}, {"id": "creche", "text": "Frequentou creche?", "required": false, "type": "YES_NO"}, {"id": "entrada-escola", "text": "Com que idade entrou na escola, e como foi a adaptação?", "required": false, "type": "TEXT"}, {"id": "mudanca-escola", "text": "Já mudou de escola? Se sim, quantas vezes e por quê?", "required": false, "type": "YES_NO"}, {"id": "reprovacao", "text": "Já repetiu algum ano escolar? Se sim, qual?", "required": true, "type": "YES_NO"}, {"id": "atividades-fora", "text": "Participa de atividades fora da escola e do programa (esporte, música, religião, cursos)? Quais?", "required": false, "type": "YES_NO"}, {"id": "necessidades-especiais", "text": "Tem alguma necessidade especial ou deficiência? Se sim, qual?", "required": true, "type": "YES_NO"}, {"id": "medicacao-controlada", "text": "Faz uso de medicação controlada? Se sim, qual?", "required": true, "type": "YES_NO"}, {"id": "obtencao-medicacao", "text": "Como a medicação é obtida?", "required": false, "type": "CHOICE", "options": ["Não usa medicação", "Farmácia do SUS", "Compra em farmácia", "Doação", "Outra forma"]}, {"id": "alergias", "text": "Tem alergias? Se sim, a quê?", "required": true, "type": "YES_NO"}, {"id": "restricoes-alimentares", "text": "Tem restrições alimentares? Quais?", "required": true, "type": "YES_NO"}]'::jsonb, 'Quadra');
