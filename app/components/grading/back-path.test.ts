import { describe, expect, it } from "vitest";
import { gradePagePath, teacherBackPath } from "./back-path";

describe("teacherBackPath", () => {
  it("takes a same-site teacher-area path, with or without the /quiz basename, keeping its query", () => {
    expect(teacherBackPath("/quiz/teacher/quiz/5/grading?by=student&page=2")).toBe("/teacher/quiz/5/grading?by=student&page=2");
    expect(teacherBackPath("/teacher/quiz/5/attempt/9")).toBe("/teacher/quiz/5/attempt/9");
  });
  it("refuses other sites, schemes, protocol-relative and backslash tricks, and paths outside the teacher area", () => {
    for (const back of ["https://evil.example/quiz/teacher/", "//evil.example/quiz/teacher/", "/\\evil.example", "javascript:alert(1)", "/quiz/student/takenQuiz", "/quiz/admin/users", "teacher/quiz/1", "", null, undefined]) {
      expect(teacherBackPath(back), String(back)).toBeNull();
    }
  });
  it("round-trips through the grade page's address", () => {
    const address = new URL(gradePagePath(5, 9, 3, "/teacher/quiz/5/grading?anonymous=1"), "https://x");
    expect(teacherBackPath(address.searchParams.get("back"))).toBe("/teacher/quiz/5/grading?anonymous=1");
  });
});
