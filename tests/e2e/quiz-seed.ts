import { expect, type APIRequestContext } from "@playwright/test";
import { apiAuth } from "./school";

/** A bank of `count` one-right-answer questions ("Roman question 1"…) in `category › course`, made by `email`; answers their bearer header. */
export async function bankOf(request: APIRequestContext, email: string, count: number, { category, course, topic } = { category: "History", course: "Romans", topic: "Roman" }) {
  const place = { category, course };
  const headers = await apiAuth(request, email);
  const made = await request.post("/api/categoryCourse", { headers, data: place });
  expect(made.status(), await made.text()).toBeLessThan(300);
  for (let i = 1; i <= count; i++) {
    const res = await request.post("/api/question", {
      headers,
      data: {
        questionText: `${topic} question ${i}`,
        optionType: "radio",
        options: [
          { optionText: "Right", optionStatus: true },
          { optionText: "Wrong", optionStatus: false },
        ],
        ...place,
        answerExplaination: "<p>Because.</p>",
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return headers;
}

/** A complete quiz for POST /api/quiz in the History › Romans bank (fields override). */
export const quizBody = (fields: Record<string, unknown>) => ({
  quizDescription: "Made through the API",
  category: "History",
  course: "Romans",
  level: "Easy",
  status: "Draft",
  allowSkip: "Yes",
  takeBestScore: "Yes",
  negativeMarking: "No",
  attemptsAllowed: 1,
  quiztimetype: "Quiz",
  time: 5,
  ...fields,
});
