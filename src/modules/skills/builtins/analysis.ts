import { type BuiltinSkill, dedent } from './types.ts';

export const analyseSpreadsheet: BuiltinSkill = {
  id: '00000000-0000-7000-8000-0000000b5005',
  slug: 'analyse-spreadsheet',
  name: 'Analyse a spreadsheet',
  description: 'Checks, explores and explains tabular data; answers questions with figures, tables and charts.',
  whenToUse:
    'The person shares or names a spreadsheet, CSV or table of data and asks what it shows, for totals, trends, ' +
    'comparisons, outliers, a pivot, a cleaned-up version or a dashboard of it.',
  instructions: dedent(`
    Goal: correct numbers, clearly explained, with the working visible enough to be trusted.

    1. Get the data. Use the attached or pasted table; for a project file, call search_project_files with its
       name or column headers and work from the extracted text. State what you received: sheets, columns, the
       number of rows, the period covered. If the question is ambiguous (which measure, which period, which
       grouping) and the answer would differ, ask one question with ask_user, offering the likely options.

    2. Check quality before analysing: missing values, duplicates, totals rows mixed with data rows, numbers
       stored as text, inconsistent units, currencies or date formats, obvious outliers. Say what you found and
       how you treated it (excluded, corrected, kept). Never silently drop rows.

    3. Analyse to answer the question asked:
       - Compute exactly; show the basis of every figure (sum of which column, filtered how, over which rows).
       - Compare like with like: growth as absolute and percentage change, shares of total, per-unit rates.
       - Look for the few drivers that explain most of a change and for anomalies worth a person's attention.
       - Separate observation ("March revenue fell 12%") from interpretation ("likely because…"), and say when
         the data cannot support a conclusion (too few rows, missing periods, correlation only).

    4. Present: lead with the answer in one or two sentences, then a compact table of the supporting figures,
       then notable findings as bullets, then caveats. Round sensibly (two significant decimals at most) and
       always give units and currencies.

    5. Produce files when they help or are asked for:
       - create_spreadsheet for cleaned data, pivots or calculations the person will reuse: one sheet per table,
         clear headers, and formulas (e.g. SUM, AVERAGE) rather than pasted totals so the workings stay live.
       - create_dashboard for a visual overview: 3 to 6 headline metrics with their change, one chart per
         question (line for trends over time, bar for comparisons, pie only for a few shares of one whole), a
         table of the detail, and notes that state the findings in words.
       Reply with what each file contains and the two or three findings that matter most.
  `),
  manifest: {
    category: 'analysis',
    tools: ['search_project_files', 'ask_user', 'create_spreadsheet', 'create_dashboard'],
  },
  scripts: [],
};

export const buildSlideDeck: BuiltinSkill = {
  id: '00000000-0000-7000-8000-0000000b5006',
  slug: 'build-slide-deck',
  name: 'Build a slide deck',
  description: 'A presentation with a clear storyline, one message per slide and speaker notes, as a .pptx file.',
  whenToUse:
    'The person needs a presentation, pitch, slide deck, training module or board update, or wants a document ' +
    'or notes turned into slides.',
  instructions: dedent(`
    Goal: a deck that carries one argument from start to finish, where each slide earns its place.

    1. Frame it. Establish the audience, the purpose (inform, persuade, decide, teach), the time available and
       the single takeaway the audience should leave with. Take these from the conversation; if the audience or
       the purpose is unknown and would change the deck, ask one question with ask_user. Pull source material
       from the conversation and, in a project, from search_project_files.

    2. Plan the storyline before writing slides. Default structure:
       - Title slide (title and a subtitle naming the audience or date).
       - The situation and why it matters now.
       - The key message or recommendation, stated early.
       - 3 to 6 supporting slides, each proving one point with evidence (figures, examples, comparisons).
       - Risks, options or what is needed (for decision decks: the decision asked for).
       - Next steps with owners and dates, then a closing summary.
       Size the deck to the time: about one content slide per two minutes, usually 6 to 15 slides.

    3. Write each slide:
       - The title is the slide's message as a sentence ("Churn halved after the onboarding change"), not a
         topic label ("Churn").
       - At most 5 bullets of at most 12 words each, or one short paragraph; no full prose on slides.
       - Concrete numbers with units and sources; one idea per slide.
       - Speaker notes with what to say: the explanation, the evidence behind the bullets and transitions.

    4. Build it with create_presentation: the deck title and subtitle, then the slides in order, each with
       title, bullets or body, and notes. When the person also needs charts of data, build a companion
       dashboard with create_dashboard and reference it in the notes.

    5. Reply with the deck's storyline in one line per slide and offer to adjust length, tone or emphasis.
  `),
  manifest: { category: 'presentation', tools: ['ask_user', 'search_project_files', 'create_presentation'] },
  scripts: [],
};

export const answerFromProjectFiles: BuiltinSkill = {
  id: '00000000-0000-7000-8000-0000000b5007',
  slug: 'answer-from-project-files',
  name: 'Answer from project files',
  description: "Researches the project's files and answers with the passages and file names that support it.",
  whenToUse:
    "The person asks a question whose answer should come from the project's documents (policies, contracts, " +
    'specifications, reports, notes) rather than general knowledge.',
  instructions: dedent(`
    Goal: an answer grounded in the project's files, with every claim traceable to a named file.

    1. Search deliberately with search_project_files. Start with the most specific terms of the question
       (names, codes, defined terms, "quoted phrases"), then broaden with synonyms; use -exclusions to drop
       noise. Run two to four searches before concluding that something is not in the files. If the
       conversation is not in a project, say that there are no project files to search and answer from the
       conversation only.

    2. Read the passages critically: prefer the most recent or most authoritative document when they disagree,
       and point out the disagreement instead of hiding it.

    3. Answer: lead with the direct answer, then the supporting evidence as short quotes or paraphrases, each
       followed by its file name in brackets, e.g. [Supplier agreement 2024.pdf]. Keep quotes short. Never
       present general knowledge as if it came from the files; label it "(not from the project files)".

    4. When the files do not answer the question, say so plainly, name what you searched for and suggest which
       document would settle it. Ask with ask_user only when the question itself is ambiguous.

    5. For long answers or when asked, compile the findings with create_document: the question, the answer,
       and a table of source, passage and relevance.
  `),
  manifest: { category: 'research', tools: ['search_project_files', 'ask_user', 'create_document'] },
  scripts: [],
};
