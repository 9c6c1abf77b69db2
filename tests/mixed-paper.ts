/**
 * One question of each type beyond radio and checkbox (decisions.md "Question types, marking and
 * exchange"), with the answers a student gives them: right, partly right or wrong, in the
 * answer's own shape and with the ids the attempt's paper gave the parts. Shared by the runtime
 * smokes (tests/runtime-journey.ts), the mixed paper of `npm run bench:exam` (bench/exam-burst)
 * and the one-by-one Check e2e spec. Plain data and functions: no test runner here.
 */

export const NEW_TYPES = ["trueFalse", "shortAnswer", "numerical", "matching", "ordering", "cloze", "essay"] as const;
export type NewType = (typeof NEW_TYPES)[number];
/** The types the engine marks without a person. */
export const MARKED_TYPES = NEW_TYPES.filter((type) => type !== "essay");

export interface TypedQuestionPlan {
  optionType: NewType;
  questionText: string;
  /** trueFalse: its two options, as the question API takes them. */
  options: { optionText: string; optionStatus: boolean }[];
  /** The other types: the key, as the question API takes it. */
  answerKey?: unknown;
}

export const MIXED_QUESTIONS: Record<NewType, TypedQuestionPlan> = {
  trueFalse: {
    optionType: "trueFalse",
    questionText: "Mars is a planet.",
    options: [
      { optionText: "True", optionStatus: true },
      { optionText: "False", optionStatus: false },
    ],
  },
  shortAnswer: {
    optionType: "shortAnswer",
    questionText: "Which planet is the largest?",
    options: [],
    answerKey: {
      answers: [
        { text: "Jupiter", credit: 100 },
        { text: "Saturn", credit: 50 },
      ],
      caseSensitive: false,
    },
  },
  numerical: {
    optionType: "numerical",
    questionText: "What is g on Earth?",
    options: [],
    answerKey: { answers: [{ value: 9.81, tolerance: 0.05, credit: 100 }], units: [{ unit: "m/s²", multiplier: 1 }], unitRequired: true, unitPenalty: 0.2 },
  },
  matching: {
    optionType: "matching",
    questionText: "Match each country with its capital.",
    options: [],
    answerKey: {
      pairs: [
        { stem: "France", choice: "Paris" },
        { stem: "Italy", choice: "Rome" },
      ],
      distractors: ["Lisbon"],
    },
  },
  ordering: {
    optionType: "ordering",
    questionText: "Order the planets from the Sun.",
    options: [],
    answerKey: { items: ["Mercury", "Venus", "Earth"], grading: "relativeToNext" },
  },
  cloze: {
    optionType: "cloze",
    questionText: "Mars is {1}, it has {2} moons, the larger one is {3}.",
    options: [],
    answerKey: {
      gaps: [
        { kind: "text", answers: [{ text: "red", credit: 100 }], weight: 1 },
        { kind: "number", answers: [{ value: 2, credit: 100 }], tolerance: 0, weight: 1 },
        { kind: "choice", choices: ["Phobos", "Titan"], answers: [{ text: "Phobos", credit: 100 }], weight: 1 },
      ],
    },
  },
  essay: {
    optionType: "essay",
    questionText: "Why is Mars red?",
    options: [],
    answerKey: { minWords: 3, maxWords: 40, graderInfo: "<p>Iron oxide</p>", responseTemplate: "<p>Mars is</p>" },
  },
};

export type Verdict = "right" | "partial" | "wrong";

interface Part {
  id: string;
  text: string;
}

/** What startQuiz gives of one question: the parts answering needs, never its key. */
export interface PaperQuestion {
  id: number;
  optionType: string;
  options: { id: number; optionText: string }[];
  stems?: Part[];
  choices?: Part[];
  items?: Part[];
  gaps?: { kind: string; choices?: Part[] }[];
}

/** The student's answers to every type, by verdict, written with the parts' texts (ids are looked up on the paper). */
const SAID = {
  trueFalse: { right: "True", partial: "False", wrong: "False" },
  shortAnswer: { right: "jupiter", partial: "Saturn", wrong: "Mars" },
  numerical: { right: { value: "9,81", unit: "m/s²" }, partial: { value: "9.81" }, wrong: { value: "3", unit: "m/s²" } },
  matching: {
    right: [["France", "Paris"], ["Italy", "Rome"]],
    partial: [["France", "Paris"], ["Italy", "Lisbon"]],
    wrong: [["France", "Rome"], ["Italy", "Lisbon"]],
  },
  ordering: { right: ["Mercury", "Venus", "Earth"], partial: ["Venus", "Earth", "Mercury"], wrong: ["Earth", "Venus", "Mercury"] },
  cloze: { right: ["red", "2", "Phobos"], partial: ["red", "3", "Titan"], wrong: ["blue", "3", "Titan"] },
} as const;

/** An essay's answer (the same whatever the verdict: a person marks it). */
export const ESSAY_HTML = "<p>Mars is red because of iron oxide.</p>";

function idOf(parts: readonly Part[] | undefined, text: string): string {
  const part = parts?.find((candidate) => candidate.text === text);
  if (!part) throw new Error(`the paper shows no part "${text}"`);
  return part.id;
}

/** The answer to `type`'s question as the exam page sends it, with this paper's ids. */
export function answerTo(type: NewType, paper: PaperQuestion, verdict: Verdict): unknown {
  switch (type) {
    case "trueFalse": {
      const option = paper.options.find((candidate) => candidate.optionText === SAID.trueFalse[verdict]);
      if (!option) throw new Error("the paper shows no True/False option");
      return [option.id];
    }
    case "shortAnswer":
      return { text: SAID.shortAnswer[verdict] };
    case "numerical":
      return SAID.numerical[verdict];
    case "matching":
      return { pairs: SAID.matching[verdict].map(([stem, choice]) => ({ stemId: idOf(paper.stems, stem), choiceId: idOf(paper.choices, choice) })) };
    case "ordering":
      return { order: SAID.ordering[verdict].map((item) => idOf(paper.items, item)) };
    case "cloze":
      return { gaps: SAID.cloze[verdict].map((typed, g) => (paper.gaps?.[g]?.kind === "choice" ? idOf(paper.gaps[g].choices, typed) : typed)) };
    case "essay":
      return { html: ESSAY_HTML };
  }
}

/** The fraction of the mark each verdict earns (what the marking engine must give). */
export function fractionOf(type: NewType, verdict: Verdict): number | null {
  if (type === "essay") return null;
  if (verdict === "right") return 1;
  if (verdict === "wrong" || type === "trueFalse") return 0;
  return { shortAnswer: 0.5, numerical: 0.8, matching: 0.5, ordering: 0.5, cloze: 1 / 3 }[type];
}
