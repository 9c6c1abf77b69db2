import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A fresh category and course of the demo teacher's business (names made unique), and its bank's address. */
export async function newBank(page: Page, names: { category: string; course: string } = { category: "Science", course: "Physics" }) {
  const suffix = Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
  const category = `${names.category} ${suffix}`;
  const course = `${names.course} ${suffix}`;
  const login = await page.request.post("/api/auth/login", { data: { email: "teacher@demo.quiz", password: "Demo1234!" } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const created = await page.request.post("/api/categoryCourse", { headers: { Authorization: `Bearer ${accessToken}` }, data: { category, course } });
  expect(created.status()).toBeLessThan(300);
  return { accessToken, category, course, bank: `/quiz/teacher/questions/${encodeURIComponent(category)}/${encodeURIComponent(course)}/load` };
}
