import { type BuiltinSkill, dedent } from './types.ts';

export const summariseDocument: BuiltinSkill = {
  id: '00000000-0000-7000-8000-0000000b5001',
  slug: 'summarise-document',
  name: 'Summarise a document',
  description: 'A faithful, structured summary of a document, report, contract or long thread, sized to the reader.',
  whenToUse:
    'The person asks for a summary, the key points, a TL;DR or an executive overview of a document, an attached ' +
    'file, a project file or a long piece of pasted text.',
  instructions: dedent(`
    Goal: give the reader the substance of the document in a fraction of the reading time, without adding,
    softening or distorting anything the source says.

    1. Find the source. Use the text in the conversation or the attached file. If the person names a document
       that lives in the project, call search_project_files with distinctive words from its title or subject and
       work from the passages returned (search more than once for long documents: the introduction, each main
       section, the conclusions). If you cannot find the document, say so and ask for it with ask_user rather
       than summarising from memory.

    2. Decide the shape before writing. Unless the person said otherwise, aim for roughly 10% of the source,
       between 150 and 600 words. Identify the document's type (report, contract, policy, research paper,
       meeting transcript, email thread) and its purpose: what the author wants the reader to know, decide or do.

    3. Write the summary in this order:
       - One or two sentences stating what the document is and its main conclusion or ask.
       - "Key points": 3 to 7 bullets, most important first. Each bullet is a complete statement with the
         concrete facts that matter: figures, dates, names, amounts, deadlines.
       - "Decisions, obligations and deadlines" when the source contains any (who must do what, by when).
       - "Open questions and risks" when the source raises issues it does not resolve.
       Keep the author's terminology for defined terms; never introduce numbers that are not in the source.

    4. Stay faithful. Distinguish what the document states from your own reading ("The report does not say
       why…"). Attribute opinions to their holders. If sections are missing or unreadable, say which.

    5. Deliver. Answer in the conversation by default. When the person asks for a file, or the summary is long
       enough to be shared, call create_document with a title such as "Summary — <document title>", a heading
       per part above, and the key points as a list. Offer a shorter or longer version at the end in one line.
  `),
  manifest: { category: 'writing', tools: ['search_project_files', 'create_document', 'ask_user'] },
  scripts: [],
};

export const draftEmail: BuiltinSkill = {
  id: '00000000-0000-7000-8000-0000000b5002',
  slug: 'draft-email',
  name: 'Draft an email',
  description: 'A clear, ready-to-send email with a subject line, in the right tone for its recipient.',
  whenToUse:
    'The person wants to write, reply to, follow up on or rewrite an email or a similar message (a letter, a ' +
    'chat announcement), or asks how to say something to a colleague, customer or supplier.',
  instructions: dedent(`
    Goal: an email the person can send with little or no editing, that gets the reader to understand and act.

    1. Establish the essentials: who the recipient is and their relationship to the sender, the purpose (inform,
       request, decline, apologise, follow up, introduce), the one action wanted from the reader and any
       deadline, and the facts that must be included. Take them from the conversation and any email being
       replied to. If the purpose or the recipient is unclear and guessing would change the email materially,
       ask one concise question with ask_user (offer options such as "formal" and "friendly" for the tone);
       otherwise make a reasonable assumption and state it after the draft.

    2. Write the draft:
       - Subject: specific and under 60 characters, e.g. "Approval needed: Q3 budget by Friday".
       - Opening: the greeting the relationship calls for, then the point in the first sentence. No "I hope this
         email finds you well" unless the person writes that way.
       - Body: short paragraphs of 1 to 3 sentences; the context the reader needs and nothing more; lists for
         several items or options; dates written in full ("Friday 14 March") with a time zone when it matters.
       - The ask: one explicit request with its deadline, easy to answer ("Could you confirm by Thursday?").
       - Close: a sign-off ("Best regards,") and a "[Your name]" placeholder.

    3. Match the tone: formal and precise for customers, executives and anything legal or financial; warm and
       direct for colleagues; firm but courteous for complaints and refusals. Mirror the language of the thread
       being answered. Never invent commitments, prices, dates or attachments; mark missing facts as
       [placeholders] in square brackets.

    4. Check before answering: the email reads in under a minute, the ask is unmistakable, names and numbers
       match the source, nothing is promised that the person did not promise.

    5. Deliver the draft in the conversation as plain text (subject line first), followed by at most two lines
       listing assumptions or placeholders to fill. When asked for alternatives, give at most two variants that
       differ meaningfully (e.g. shorter, or more formal). Use create_file with a .txt or .md file only when the
       person asks for a file.
  `),
  manifest: { category: 'writing', tools: ['ask_user', 'create_file'] },
  scripts: [],
};

export const writeProjectBrief: BuiltinSkill = {
  id: '00000000-0000-7000-8000-0000000b5003',
  slug: 'write-project-brief',
  name: 'Write a project brief',
  description: 'A one-to-three page project brief: problem, goals, scope, deliverables, timeline, risks and owners.',
  whenToUse:
    'The person is starting or pitching a project, initiative or piece of work and needs a brief, charter, ' +
    'one-pager or kick-off document, or wants to turn rough notes into one.',
  instructions: dedent(`
    Goal: a brief that lets a sponsor approve the project and a team start work without a meeting to explain it.

    1. Gather the inputs. Read what the person provided and, when the conversation belongs to a project, call
       search_project_files for existing notes, requirements or earlier briefs ("scope", "requirements",
       "timeline", the project's name). The brief needs at least: the problem or opportunity, the desired
       outcome, and a rough timeline. If the problem or the outcome is missing, ask for it with ask_user in one
       question; for everything else, write a sensible proposal and label it "(proposed)".

    2. Structure the brief with these sections, in order:
       1. Summary — three sentences: what, why now, what success looks like.
       2. Background and problem — the situation today, who is affected, evidence (figures from the sources).
       3. Goals and success measures — 2 to 5 goals, each with a measurable indicator and target
          ("reduce onboarding time from 10 to 5 days by Q4").
       4. Scope — "In scope" and "Out of scope" lists; out of scope is as important as in scope.
       5. Deliverables — what will exist at the end, each with an owner when known.
       6. Timeline and milestones — a table of milestone, date or week, and exit criterion.
       7. Team and stakeholders — sponsor, owner, contributors, who is consulted and who is informed.
       8. Budget and resources — when known, otherwise what must be estimated.
       9. Risks, assumptions and dependencies — each risk with likelihood, impact and mitigation.
       10. Open questions and next steps — the decisions needed and who makes them.

    3. Write plainly: short sentences, active voice, no buzzwords, concrete numbers and dates. Keep it to one to
       three pages; cut detail that belongs in a plan rather than a brief.

    4. Deliver by calling create_document with the title "Project brief — <project name>", a heading per
       section, lists for goals, scope and deliverables, and tables for the timeline and the risks. Then reply
       in the conversation with a five-line summary of the brief and the list of items marked "(proposed)" or
       left open, so the person knows what to confirm.
  `),
  manifest: { category: 'planning', tools: ['search_project_files', 'ask_user', 'create_document'] },
  scripts: [],
};

export const meetingMinutes: BuiltinSkill = {
  id: '00000000-0000-7000-8000-0000000b5004',
  slug: 'meeting-minutes',
  name: 'Write meeting minutes and action items',
  description: 'Minutes from notes or a transcript: decisions, action items with owners and dates, open questions.',
  whenToUse:
    'The person shares meeting notes, a call transcript or a recording summary and wants minutes, a recap, ' +
    'follow-up actions or a summary email for attendees.',
  instructions: dedent(`
    Goal: a record that tells attendees and absentees what was decided and who does what by when.

    1. Read the whole source first (the pasted text, an attachment, or a project file found with
       search_project_files). Note the meeting's title, date, attendees and purpose when given.

    2. Extract, do not transcribe:
       - Decisions: each stated as a decision ("We will launch on 3 June"), not as a discussion.
       - Action items: owner, task starting with a verb, due date. When the owner or date is not in the source,
         write "Owner: to confirm" or "Due: to confirm" rather than guessing.
       - Key discussion points: the reasoning behind decisions and the options rejected, briefly.
       - Open questions and parked topics, with who will follow up.

    3. Write the minutes: a header (meeting, date, attendees), a one-paragraph summary, then "Decisions",
       "Action items" (a table: #, action, owner, due), "Discussion" and "Open questions". Neutral, factual
       tone; attribute positions to people only when it matters for follow-up.

    4. Deliver in the conversation for short meetings. For long ones, or when asked, call create_document with
       the title "Minutes — <meeting> — <date>". When the person wants to send the recap, also offer a short
       email version that lists decisions and action items (see the draft-email skill for its form).
  `),
  manifest: { category: 'writing', tools: ['search_project_files', 'create_document'] },
  scripts: [],
};
