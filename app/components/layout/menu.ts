import type { SessionUser } from "../../../api/services/auth/types";

export interface MenuLink {
  /** Path inside the app (without the /quiz basename). */
  to: string;
  /** Key in the `common` namespace. */
  labelKey: string;
}

export interface MenuSection {
  id: "student" | "teacher" | "admin" | "general" | "owner";
  /** Heading of the section, a key in the `common` namespace. */
  labelKey: string;
  links: MenuLink[];
}

type MenuUser = Pick<SessionUser, "userType" | "isOwner">;

/** The area menu of each user type (spec 2.3). */
const AREA_MENUS: Record<SessionUser["userType"], MenuSection> = {
  Student: {
    id: "student",
    labelKey: "menu.sections.student",
    links: [
      { to: "/student/quizPool", labelKey: "menu.quizPool" },
      { to: "/student/takenQuiz", labelKey: "menu.takenQuiz" },
      { to: "/student/subscription", labelKey: "menu.subscription" },
      { to: "/student/classes", labelKey: "nav.classesMine" },
    ],
  },
  Teacher: {
    id: "teacher",
    labelKey: "menu.sections.teacher",
    links: [
      { to: "/teacher/quizPool", labelKey: "menu.quizPool" },
      { to: "/teacher/questions", labelKey: "menu.questions" },
      { to: "/teacher/feedback", labelKey: "menu.feedback" },
      { to: "/teacher/classes", labelKey: "nav.classes" },
      { to: "/teacher/reports", labelKey: "nav.reports" },
    ],
  },
  Admin: {
    id: "admin",
    labelKey: "menu.sections.admin",
    links: [
      { to: "/admin/leaderBoard", labelKey: "menu.leaderBoard" },
      { to: "/admin/quizSetting", labelKey: "menu.quizSetting" },
    ],
  },
};

/**
 * The navigation of a signed-in user (spec 2.3): the menu of their area, the side menu
 * every user has (Dashboard, Leader Board), and for the owner (profile 2) the school's quiz
 * pool, question bank and feedback (ADR 0062), Quiz Setting, Payment Settings, Users and
 * the e-mail Outbox. An entry already shown by an earlier section (same path
 * or same label) is not repeated, so the Admin sees one Leader Board, not two.
 */
export function menuFor(user: MenuUser): MenuSection[] {
  const sections: MenuSection[] = [];
  const area = AREA_MENUS[user.userType];
  if (area) sections.push({ ...area, links: [...area.links] });

  // The dashboard (spec 2.1's breadcrumb home) has cards for every role (ADR 0046, 0062).
  sections.push({
    id: "general",
    labelKey: "menu.sections.general",
    links: [
      { to: "/dashboard", labelKey: "menu.dashboard" },
      { to: "/leaderBoard", labelKey: "menu.leaderBoard" },
    ],
  });

  if (user.isOwner) {
    sections.push({
      id: "owner",
      labelKey: "menu.sections.owner",
      links: [
        // The school's quizzes, bank and feedback, in the teacher area's pages (ADR 0062).
        // Labels of their own, so that an owner acting as a Student keeps them beside the
        // student's Quiz Pool (entries are folded by path and by label).
        { to: "/teacher/quizPool", labelKey: "menu.schoolQuizzes" },
        { to: "/teacher/questions", labelKey: "menu.schoolQuestions" },
        { to: "/teacher/feedback", labelKey: "menu.schoolFeedback" },
        { to: "/teacher/classes", labelKey: "nav.classesSchool" },
        { to: "/teacher/reports", labelKey: "nav.reportsSchool" },
        { to: "/admin/quizSetting", labelKey: "menu.quizSetting" },
        { to: "/admin/subscription", labelKey: "menu.paymentSettings" },
        { to: "/admin/users", labelKey: "menu.users" },
        { to: "/admin/outbox", labelKey: "menu.outbox" },
        { to: "/admin/lti", labelKey: "menu.lti" },
      ],
    });
  }

  const seenPaths = new Set<string>();
  const seenLabels = new Set<string>();
  return sections
    .map((section) => ({
      ...section,
      links: section.links.filter((link) => {
        if (seenPaths.has(link.to) || seenLabels.has(link.labelKey)) return false;
        seenPaths.add(link.to);
        seenLabels.add(link.labelKey);
        return true;
      }),
    }))
    .filter((section) => section.links.length > 0);
}

/**
 * Where "/" sends a user (spec 2.1): Student to /student, Teacher to /teacher, Admin to
 * /admin. Null, i.e. the error page, for a user type the app does not know and for an
 * Admin without the owner profile, whom the admin area would send straight back to "/".
 */
export function homePathFor(user: { userType: string; isOwner: boolean }): string | null {
  switch (user.userType) {
    case "Student":
      return "/student";
    case "Teacher":
      return "/teacher";
    case "Admin":
      return user.isOwner ? "/admin" : null;
    default:
      return null;
  }
}
