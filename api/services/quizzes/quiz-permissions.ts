/** The quiz rules live in the one permissions module (docs/decisions/0029). */
export { assertMayChangeQuiz, mayChangeQuiz } from "../core/permissions";
