-- Follow-up cases ("busca ativa", issue 50; server/data/cases.ts, src/api/cases-contract.ts): an alert about a child
-- who stops coming becomes a case with steps (contacts, home visits, referrals, the causes heard), a next-step date
-- while it is open (late when past) and an outcome when it is closed. Causes and notes can be a child's health,
-- violence or pregnancy: read and written only by the roles of cases:read/cases:write, every read in the access record.
CREATE TABLE follow_up_cases (
  id            text PRIMARY KEY,
  student_id    text NOT NULL REFERENCES students (id),
  origin        text NOT NULL CHECK (origin IN ('BELOW_THRESHOLD', 'ABSENT_STREAK', 'MANUAL')),
  note          text,
  -- The day the alert was first seen (follow_up_alerts), for the time from alert to first contact; null: opened by hand.
  alerted_on    date,
  opened_on     date NOT NULL,
  opened_at     timestamptz NOT NULL DEFAULT now(),
  opened_by     text NOT NULL,
  opened_by_id  text NOT NULL,
  -- While open: the day the next step is due (late when past). Closed: null.
  next_step_on  date,
  closed_on     date,
  closed_at     timestamptz,
  closed_by     text,
  outcome       text CHECK (outcome IN ('RETURNED', 'TRANSFERRED', 'MOVED_AWAY', 'LEFT_PROGRAMME', 'NOT_FOUND', 'OTHER')),
  close_note    text,
  version       integer NOT NULL DEFAULT 1,
  CHECK ((closed_at IS NULL) = (outcome IS NULL) AND (closed_at IS NULL) = (closed_on IS NULL)),
  CHECK (closed_at IS NOT NULL OR next_step_on IS NOT NULL)
);
-- One open case per child: a second opening answers 409 with the open one.
CREATE UNIQUE INDEX follow_up_cases_one_open ON follow_up_cases (student_id) WHERE closed_at IS NULL;
CREATE INDEX follow_up_cases_student ON follow_up_cases (student_id);
CREATE INDEX follow_up_cases_opened ON follow_up_cases (opened_on);
CREATE INDEX follow_up_cases_closed ON follow_up_cases (closed_on) WHERE closed_on IS NOT NULL;

CREATE TABLE follow_up_steps (
  id            text PRIMARY KEY,
  case_id       text NOT NULL REFERENCES follow_up_cases (id),
  kind          text NOT NULL CHECK (kind IN ('CONTACT', 'HOME_VISIT', 'REFERRAL', 'CAUSES')),
  at            timestamptz NOT NULL,
  note          text,
  channel       text CHECK (channel IN ('PHONE', 'WHATSAPP', 'IN_PERSON', 'MESSAGE')),
  -- A contact's outcome; null: still to say (recorded as a tel:/WhatsApp link was followed).
  outcome       text CHECK (outcome IN ('REACHED', 'NOT_REACHED', 'MESSAGE_LEFT')),
  referral_to   text CHECK (referral_to IN ('SCHOOL', 'CRAS', 'CREAS', 'CONSELHO_TUTELAR', 'HEALTH_UNIT')),
  referral_on   date,
  causes        text[] NOT NULL DEFAULT '{}',
  recorded_by   text NOT NULL,
  recorded_by_id text NOT NULL,
  recorded_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'CONTACT' OR channel IS NOT NULL),
  CHECK (kind <> 'REFERRAL' OR (referral_to IS NOT NULL AND referral_on IS NOT NULL)),
  CHECK (kind <> 'CAUSES' OR cardinality(causes) > 0)
);
CREATE INDEX follow_up_steps_case ON follow_up_steps (case_id, at);

-- The first day each child was seen on an alert of home, per month and kind (written by GET /attendance/alerts):
-- what the follow-up report measures against (share of alerted children with a case within 7 days; days from the
-- alert to the first contact).
CREATE TABLE follow_up_alerts (
  student_id    text NOT NULL REFERENCES students (id),
  month         date NOT NULL,
  origin        text NOT NULL CHECK (origin IN ('BELOW_THRESHOLD', 'ABSENT_STREAK')),
  first_on      date NOT NULL,
  PRIMARY KEY (student_id, month, origin)
);
CREATE INDEX follow_up_alerts_month ON follow_up_alerts (month);
