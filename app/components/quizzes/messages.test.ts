import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../api/services/quizzes/schemas";
import { Forbidden, NotFound } from "../../../api/errors";
import { QUIZ_MESSAGES } from "./messages";

describe("the quiz pages' translations of server messages", () => {
  it("are the very texts the quiz verbs send", () => {
    expect(QUIZ_MESSAGES.sort()).toEqual([MESSAGES.notDeletable, new Forbidden().message, new NotFound("quiz").message, MESSAGES.deleted].sort());
  });
});
