import { createContext, useContext } from "react";

/** Who reads the answers: the student who gave them ("Your answer") or one of the quiz's authors ("Answer given"). */
export type ReviewReader = "student" | "author";

export const ReviewReaderContext = createContext<ReviewReader>("student");

/** The label of the answer given, in the reader's terms. */
export function useGivenLabelKey(): "answers.yourAnswer" | "types.givenAnswer" {
  return useContext(ReviewReaderContext) === "author" ? "types.givenAnswer" : "answers.yourAnswer";
}
