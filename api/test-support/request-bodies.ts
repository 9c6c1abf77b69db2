/**
 * Request bodies in the spec's names (spec 3 and 7) that the API tests send again and again:
 * each test states only what it is about, as an override.
 */

/** The bank place every body below is filed in unless a test names another. */
export const MATHS_ALGEBRA = { category: "Maths", course: "Algebra" };

/** A valid radio question for POST /question and /question/update: "What is 2 + 2?", 4 right. */
export function radioQuestionBody(overrides: Record<string, unknown> = {}) {
  return {
    questionText: "What is 2 + 2?",
    optionType: "radio",
    options: [
      { optionText: "3", optionStatus: false },
      { optionText: "4", optionStatus: true },
    ],
    tags: [],
    answerExplaination: "<p>Four.</p>",
    ...MATHS_ALGEBRA,
    ...overrides,
  };
}

/**
 * A valid question-based quiz for POST /quiz and /quiz/update, open now (Published), 15
 * minutes, two attempts; a test adds its `selectedQuestions` and whatever it is about.
 */
export function quizBody(overrides: Record<string, unknown> = {}) {
  return {
    quizName: "Algebra basics",
    quizDescription: "Linear equations",
    ...MATHS_ALGEBRA,
    level: "Easy",
    status: "Published",
    allowSkip: "Yes",
    takeBestScore: "No",
    negativeMarking: "No",
    attemptsAllowed: 2,
    quiztimetype: "Quiz",
    time: 15,
    ...overrides,
  };
}
