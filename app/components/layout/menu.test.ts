import { describe, expect, it } from "vitest";
import { homePathFor, menuFor, type MenuSection } from "./menu";

const links = (sections: MenuSection[]) => sections.flatMap((section) => section.links.map((link) => `${link.labelKey} ${link.to}`));
const paths = (sections: MenuSection[]) => sections.flatMap((section) => section.links.map((link) => link.to));

describe("menuFor", () => {
  it("gives a student the student area menu and the leader board", () => {
    const menu = menuFor({ userType: "Student", isOwner: false });
    expect(links(menu)).toEqual([
      "menu.quizPool /student/quizPool",
      "menu.takenQuiz /student/takenQuiz",
      "menu.subscription /student/subscription",
      "nav.classesMine /student/classes",
      "menu.dashboard /dashboard",
      "menu.leaderBoard /leaderBoard",
    ]);
  });

  it("gives a teacher the teacher area menu and the leader board", () => {
    const menu = menuFor({ userType: "Teacher", isOwner: false });
    expect(links(menu)).toEqual([
      "menu.quizPool /teacher/quizPool",
      "menu.questions /teacher/questions",
      "menu.feedback /teacher/feedback",
      "nav.classes /teacher/classes",
      "nav.reports /teacher/reports",
      "menu.dashboard /dashboard",
      "menu.leaderBoard /leaderBoard",
    ]);
  });

  it("shows Quiz Setting and Payment Settings only to profile 2", () => {
    for (const user of [
      { userType: "Student", isOwner: false },
      { userType: "Teacher", isOwner: false },
      { userType: "Teacher", isOwner: false },
    ] as const) {
      const menu = menuFor(user);
      expect(paths(menu)).not.toContain("/admin/quizSetting");
      expect(paths(menu)).not.toContain("/admin/subscription");
      expect(paths(menu)).not.toContain("/admin/outbox");
      expect(paths(menu)).not.toContain("/admin/users");
      expect(paths(menu)).not.toContain("/admin/lti");
    }

    const teacherOwner = menuFor({ userType: "Teacher", isOwner: true });
    expect(links(teacherOwner)).toEqual(
      expect.arrayContaining([
        "menu.quizSetting /admin/quizSetting",
        "menu.paymentSettings /admin/subscription",
        "menu.outbox /admin/outbox",
        "menu.leaderBoard /leaderBoard",
      ]),
    );
  });

  it("gives the Admin owner the admin menu once, without duplicate entries", () => {
    const menu = menuFor({ userType: "Admin", isOwner: true });
    expect(links(menu)).toEqual([
      "menu.leaderBoard /admin/leaderBoard",
      "menu.quizSetting /admin/quizSetting",
      "menu.dashboard /dashboard",
      "menu.schoolQuizzes /teacher/quizPool",
      "menu.schoolQuestions /teacher/questions",
      "menu.schoolFeedback /teacher/feedback",
      "nav.classesSchool /teacher/classes",
      "nav.reportsSchool /teacher/reports",
      "menu.paymentSettings /admin/subscription",
      "menu.users /admin/users",
      "menu.outbox /admin/outbox",
      "menu.lti /admin/lti",
    ]);
    expect(menu.map((section) => section.id)).toEqual(["admin", "general", "owner"]);
  });

  it("puts the dashboard in every user's menu and the school's quizzes, bank and feedback in the owner's, once (ADR 0062)", () => {
    for (const user of [
      { userType: "Student", isOwner: false },
      { userType: "Teacher", isOwner: false },
      { userType: "Admin", isOwner: true },
      { userType: "Teacher", isOwner: true },
      { userType: "Student", isOwner: true },
    ] as const) {
      const menuPaths = paths(menuFor(user));
      expect(menuPaths.filter((path) => path === "/dashboard")).toHaveLength(1);
      if (user.isOwner) for (const path of ["/teacher/quizPool", "/teacher/questions", "/teacher/feedback"]) expect(menuPaths.filter((p) => p === path)).toHaveLength(1);
    }
    expect(paths(menuFor({ userType: "Student", isOwner: false }))).not.toContain("/teacher/quizPool");
  });

  it("never returns an empty section", () => {
    for (const menu of [menuFor({ userType: "Admin", isOwner: true }), menuFor({ userType: "Student", isOwner: false })]) {
      for (const section of menu) expect(section.links.length).toBeGreaterThan(0);
    }
  });
});

describe("homePathFor", () => {
  it("sends each user type to its area and anything else to the error page", () => {
    expect(homePathFor({ userType: "Student", isOwner: false })).toBe("/student");
    expect(homePathFor({ userType: "Teacher", isOwner: false })).toBe("/teacher");
    expect(homePathFor({ userType: "Admin", isOwner: true })).toBe("/admin");
    expect(homePathFor({ userType: "Guest", isOwner: false })).toBeNull();
    expect(homePathFor({ userType: "", isOwner: true })).toBeNull();
  });

  it("never sends an Admin without the owner profile into a redirect loop", () => {
    expect(homePathFor({ userType: "Admin", isOwner: false })).toBeNull();
  });
});
