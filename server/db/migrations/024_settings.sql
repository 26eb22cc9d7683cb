-- Programme settings (issue 58, for issues 50 and 53): one row. The programme's, the project's and the funder's names
-- (printed on the funder pack's attendance lists) and the WhatsApp text to a guardian about a child's absences, with
-- {nome} and {datas} for the child's name and the dates missed (src/lib/whatsapp-message.ts fills it). `version`
-- counts the edits: a save names the version it started from (409 when someone saved since). Nothing personal here.
CREATE TABLE settings (
  id                boolean PRIMARY KEY DEFAULT true CHECK (id),
  programme_name    text NOT NULL DEFAULT '' CHECK (length(programme_name) <= 160),
  project_name      text NOT NULL DEFAULT '' CHECK (length(project_name) <= 160),
  funder_name       text NOT NULL DEFAULT '' CHECK (length(funder_name) <= 160),
  whatsapp_template text NOT NULL CHECK (length(whatsapp_template) BETWEEN 1 AND 1000),
  version           integer NOT NULL DEFAULT 1,
  updated_by        text,
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- The same text as src/lib/whatsapp-message.ts defaultWhatsappTemplate (a test compares them).
INSERT INTO settings (whatsapp_template) VALUES (
  'Olá! Aqui é da equipe do programa. Sentimos a falta de {nome} nas atividades dos dias {datas}. '
  || 'Está tudo bem? Podemos conversar para ajudar {nome} a voltar?'
);
