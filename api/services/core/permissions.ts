import { eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { OWNER_PROFILE } from "../../../db/schema/businesses";
import { users, type UserType } from "../../../db/schema/users";
import type { Caller } from "./caller";
import { Forbidden } from "./errors";
import { REFUSALS } from "./refusals";
import { renderCoded, type Said } from "./coded";

/**
 * Who may do what: the one place the rules live (docs/decisions/0029-who-may-author.md,
 * 0059-one-permissions-module.md). Verbs and page guards call these; nothing else compares a
 * profile or a user type or throws Forbidden, and lint keeps it so (eslint.config.js). Every
 * verb also loads its rows through the caller's business first, so another business's row
 * is a 404 before any of these is asked. A rule that lists rows also gives its SQL condition
 * here, so a list and a single row can never disagree.
 */

/**
 * A refusal said by its catalogue code (ADR 0061): the base names no service, so the English
 * comes from the catalogue's renderer (registered as it loads), the code travels with it.
 */
function refusal(code: string): Said {
  return { code, message: renderCoded(code) };
}

/** Anything with the owner's profile code (spec 6: profile 2). */
export interface HasProfile {
  profile: number;
}

/** The business owner (spec 6: profile 2): the admin area, every quiz and question of the business. */
export function isOwner(caller: HasProfile): boolean {
  return caller.profile === OWNER_PROFILE;
}

export function assertOwner(caller: HasProfile): void {
  if (!isOwner(caller)) throw new Forbidden();
}

/**
 * Authors build quizzes and the question bank, import questions and upload images: the
 * owner and the business's Teachers. A self-registered Teacher is a Student until the owner
 * approves the request (users.teacher_request), so the user type alone is the test and the
 * token can carry it: the owner's approval or a change of type ends the user's sessions.
 */
export function isAuthor(caller: Pick<Caller, "userType" | "profile">): boolean {
  return isTeacher(caller) || isOwner(caller);
}

export function assertAuthor(caller: Pick<Caller, "userType" | "profile">): void {
  if (!isAuthor(caller)) throw new Forbidden();
}

/**
 * A quiz is changed (edited, deleted, given extra time) by the teacher who made it or by the
 * owner (spec 6); other authors of the business may view it.
 */
export function mayChangeQuiz(caller: Caller, quiz: { teacherId: number }): boolean {
  return isAuthor(caller) && ownRowsUnlessOwner.allows(caller, quiz.teacherId);
}

export function assertMayChangeQuiz(caller: Caller, quiz: { teacherId: number }): void {
  if (!mayChangeQuiz(caller, quiz)) throw new Forbidden();
}

/** A quiz's password is a secret of its teacher and the owner: other authors see only that there is one. */
export const maySeeQuizPassword = mayChangeQuiz;

/**
 * The question bank is shared by the business's authors: all of them read every question,
 * its right options and explanation (they pick questions for their quizzes), but only the
 * question's author and the owner change or delete it.
 */
export function mayChangeQuestion(caller: Caller, question: { teacherId: number }): boolean {
  return isAuthor(caller) && ownRowsUnlessOwner.allows(caller, question.teacherId);
}

export function assertMayChangeQuestion(caller: Caller, question: { teacherId: number }): void {
  if (!mayChangeQuestion(caller, question)) throw new Forbidden();
}

/**
 * An import's progress and summary (its rejected rows quote no cell, but they are the
 * teacher's own work in progress) are read by the author who ran it and by the owner.
 */
export function mayReadImport(caller: Caller, questionImport: { userId: number }): boolean {
  return isAuthor(caller) && ownRowsUnlessOwner.allows(caller, questionImport.userId);
}

export function assertMayReadImport(caller: Caller, questionImport: { userId: number }): void {
  if (!mayReadImport(caller, questionImport)) throw new Forbidden();
}

/** Uploads (question images, import files) serve authoring only. */
export const mayManageFiles = isAuthor;

export function assertMayManageFiles(caller: Pick<Caller, "userType" | "profile">): void {
  if (!mayManageFiles(caller)) throw new Forbidden();
}

/**
 * A signed file link is the capability itself (it works in `<img src>`, without a session):
 * whoever holds a valid one may read that file until it expires (files/signed-url.ts checks it).
 */
export function assertFileLinkValid(valid: boolean): void {
  if (!valid) throw new Forbidden(REFUSALS.fileLinkInvalid);
}

/**
 * Students take quizzes, read their own results, rate quizzes, send feedback and thumbs on
 * questions, and subscribe: one test, one refusal (403 STUDENTS_ONLY) wherever a verb is
 * the students' own.
 */
export function isStudent(who: { userType: UserType }): boolean {
  return who.userType === "Student";
}

export function assertStudent(caller: Pick<Caller, "userType">): void {
  if (!isStudent(caller)) throw new Forbidden(REFUSALS.studentsOnly, "STUDENTS_ONLY");
}

/** isStudent as a condition on the users table: the accounts a teacher may give extra time or e-mail. */
export function studentAccounts(): SQL {
  return eq(users.userType, "Student");
}

/** isOwner as a condition on the users table: who is told of a teacher request. */
export function ownerAccounts(): SQL {
  return eq(users.profile, OWNER_PROFILE);
}

/** Teachers (not the owner, whose type is Admin): the teacher area and the dashboard's teacher cards. */
export function isTeacher(who: { userType: UserType }): boolean {
  return who.userType === "Teacher";
}

/**
 * The area of the app a signed-in user's type opens (spec 2.1): the student area for
 * Students, the teacher area for Teachers. The page guards ask this.
 */
export function mayEnterArea(who: { userType: UserType }, area: UserType): boolean {
  return who.userType === area;
}

/**
 * Subscriptions (a plan by card, or offline): a student buys premium access for themselves;
 * the owner, who sells them, never does. Refused as every other students-only verb.
 */
export function maySubscribe(caller: Pick<Caller, "userType" | "profile">): boolean {
  return isStudent(caller) && !isOwner(caller);
}

export function assertMaySubscribe(caller: Pick<Caller, "userType" | "profile">): void {
  if (!maySubscribe(caller)) throw new Forbidden(REFUSALS.studentsOnly, "STUDENTS_ONLY");
}

/**
 * A checkout session is checked only by the student who started it, in their business (the
 * provider's client reference and the metadata we gave it both name them). Answers who
 * started it.
 */
export function assertOwnCheckoutSession<Starter extends { userId: number; businessId: number }>(
  caller: Pick<Caller, "userId" | "businessId">,
  session: { clientReferenceId: string | null; startedBy: Starter | null | undefined },
): Starter {
  const { clientReferenceId, startedBy } = session;
  if (clientReferenceId !== String(caller.userId) || startedBy?.userId !== caller.userId || startedBy.businessId !== caller.businessId) {
    throw new Forbidden(refusal("CHECKOUT_SESSION_OF_ANOTHER_USER"));
  }
  return startedBy;
}

/**
 * The offline payment requests' list: the owner reads the business's, a student their own
 * (ownRowsUnlessOwner); teachers have none to see.
 */
export function assertMayListOfflineRequests(caller: Pick<Caller, "userType" | "profile">): void {
  if (!mayManagePayments(caller) && !isStudent(caller)) throw new Forbidden();
}

/**
 * "Own rows unless owner": the rows a user made (their imports, their questions' feedback,
 * their quizzes, their offline requests) are theirs; the owner's are every row of the
 * business. `allows` decides one row; `where` is the same rule as a list's SQL condition on
 * the column that names the row's user (undefined: no condition, every row of the business).
 */
export const ownRowsUnlessOwner = {
  allows(caller: Pick<Caller, "userId" | "profile">, rowUserId: number): boolean {
    return rowUserId === caller.userId || isOwner(caller);
  },
  where(caller: Pick<Caller, "userId" | "profile">, userColumn: SQLiteColumn): SQL | undefined {
    return isOwner(caller) ? undefined : eq(userColumn, caller.userId);
  },
};

/**
 * decisions.md "Teachers read attempts": a result is read by the student who took it (as the
 * quiz's answer review timing says) and by the business's authors (the quiz's teacher, the
 * other authors, the owner), whole: the key and each answer given. Anyone else, a classmate
 * included, gets the same 404 as for a missing id.
 */
export function mayReadAttempt(caller: Pick<Caller, "userId" | "userType" | "profile">, attempt: { studentId: number }): boolean {
  return attempt.studentId === caller.userId || isAuthor(caller);
}

/** Whether the caller reads the attempt as an author (the whole result) rather than as the student who took it. */
export function readsAttemptAsAuthor(caller: Pick<Caller, "userId" | "userType" | "profile">, attempt: { studentId: number }): boolean {
  return attempt.studentId !== caller.userId && isAuthor(caller);
}

/**
 * An attempt's certificate (decisions.md "Certificates", ADR 0039): the student who took it,
 * and those who may read the quiz's results (its teacher and the owner).
 */
export function mayHaveCertificateOf(caller: Caller, attempt: { studentId: number }, quiz: { teacherId: number }): boolean {
  return attempt.studentId === caller.userId || mayReadQuizResults(caller, quiz);
}

/**
 * A student may start a quiz they can see (visibility is a 404, loaded as such) only while it
 * is open (403 QUIZ_NOT_OPEN) and, when it is premium and the owner sells subscriptions, with
 * one (403 PREMIUM_REQUIRED).
 */
export function assertMayStartQuiz(caller: Pick<Caller, "userType">, quiz: { open: boolean; premiumOk: boolean }): void {
  assertStudent(caller);
  if (!quiz.open) throw new Forbidden(REFUSALS.quizNotOpen, "QUIZ_NOT_OPEN");
  if (!quiz.premiumOk) throw new Forbidden(REFUSALS.premiumOnly, "PREMIUM_REQUIRED");
}

/** Spec 6 profile codes sign-ups get by their type (the owner's is OWNER_PROFILE). */
const DEFAULT_PROFILE_OF_TYPE = { Teacher: 3, Student: 4 } as const;

export function profileForUserType(userType: "Student" | "Teacher"): number {
  return DEFAULT_PROFILE_OF_TYPE[userType];
}

/**
 * An account the owner's users page changes (type, role level, a teacher request): never an
 * owner's (their own included), so no owner can lock the business out of its admin area.
 */
export function mayChangeAccount(caller: Pick<Caller, "userId" | "profile">, account: { id: number; profile: number }): boolean {
  return isOwner(caller) && !isOwner(account) && account.id !== caller.userId;
}

export function assertMayChangeAccount(caller: Pick<Caller, "userId" | "profile">, account: { id: number; profile: number }): void {
  assertOwner(caller);
  if (!mayChangeAccount(caller, account)) throw new Forbidden(refusal("OWNER_ACCOUNT_FIXED"));
}

/**
 * What a change of user type writes (the users page, an approved teacher request): the
 * profile follows the type only while it is one of the two defaults sign-ups get (an
 * organisational title the owner gave stays); becoming a Teacher settles any teacher request.
 * Whether anything that access tokens carry changed, so the user's sessions end.
 */
export function userTypeChange(account: { userType: UserType; profile: number; roleLevel: number }, next: { userType: "Student" | "Teacher"; roleLevel?: number }) {
  const defaultProfile = Object.values(DEFAULT_PROFILE_OF_TYPE).some((code) => code === account.profile);
  const roleLevel = next.roleLevel ?? account.roleLevel;
  return {
    set: {
      userType: next.userType,
      roleLevel,
      profile: defaultProfile ? profileForUserType(next.userType) : account.profile,
      ...(isTeacher(next) ? { teacherRequest: null } : {}),
    },
    endsSessions: account.userType !== next.userType || account.roleLevel !== roleLevel,
  };
}

/** Spec 4's toggle: Students and Teachers whose role level is at most the business's limit. */
export function maySwitchUserType(user: { userType: UserType; roleLevel: number }, maximumRoleLevel: number): boolean {
  return (isStudent(user) || isTeacher(user)) && user.roleLevel <= maximumRoleLevel;
}

/** The toggle as the session user has it (canSwitchUserType, maySwitchUserType at sign-in), re-read from the database. */
export function assertMaySwitchUserType(user: { userType: UserType; canSwitchUserType: boolean }): void {
  if (!user.canSwitchUserType || !(isStudent(user) || isTeacher(user))) throw new Forbidden();
}

/** The type the toggle switches to. */
export function switchedUserType(user: { userType: UserType }): "Student" | "Teacher" {
  return isStudent(user) ? "Teacher" : "Student";
}

/**
 * create_user (spec 7): a provider's ID token may make its own Student account; only the
 * owner makes other types, in the owner's business.
 */
export function mayCreateAccountOfType(caller: Pick<Caller, "profile"> | null, userType: UserType): boolean {
  return isStudent({ userType }) || (caller !== null && isOwner(caller));
}

export function assertMayCreateAccountOfType(caller: Pick<Caller, "profile"> | null, userType: UserType): void {
  if (!mayCreateAccountOfType(caller, userType)) throw new Forbidden();
}

/** Accounts of the business (teacher requests, user types, role levels) are the owner's. */
export const mayManageUsers = isOwner;

/**
 * A quiz's results (its stats, their status, a student's certificate, item analysis and
 * export) are read and changed by the quiz's teacher and the owner (ADR 0029): the same
 * people who may change the quiz.
 */
export const mayReadQuizResults = mayChangeQuiz;

export function assertMayReadQuizResults(caller: Caller, quiz: { teacherId: number }): void {
  if (!mayReadQuizResults(caller, quiz)) throw new Forbidden();
}

/** Authors e-mail the students of their business (spec 6: teachers send e-mail; the owner too). */
export const mayEmailStudents = isAuthor;

export function assertMayEmailStudents(caller: Pick<Caller, "userType" | "profile">): void {
  if (!mayEmailStudents(caller)) throw new Forbidden();
}

/**
 * The leader board is every signed-in user's (spec 2.3); its row actions (e-mail a student,
 * their certificate) are the owner's alone (spec 6), and e-mail is hidden while the owner
 * acts as a Student.
 */
export function mayActOnLeaderBoardRows(caller: Pick<Caller, "profile">): boolean {
  return isOwner(caller);
}

export function assertMayActOnLeaderBoardRows(caller: Pick<Caller, "profile">): void {
  if (!mayActOnLeaderBoardRows(caller)) throw new Forbidden();
}

export function mayEmailFromLeaderBoard(caller: Pick<Caller, "userType" | "profile">): boolean {
  return isOwner(caller) && !isStudent(caller);
}

export function assertMayEmailFromLeaderBoard(caller: Pick<Caller, "userType" | "profile">): void {
  if (!mayEmailFromLeaderBoard(caller)) throw new Forbidden();
}

/** Feedback on a question is read and decided by the question's author and the owner. */
export const mayReadQuestionFeedback = mayChangeQuestion;

export function assertMayReadQuestionFeedback(caller: Caller, question: { teacherId: number }): void {
  if (!mayReadQuestionFeedback(caller, question)) throw new Forbidden();
}

/** Plans, payment settings and offline payments are the owner's. */
export const mayManagePayments = isOwner;

/**
 * The teacher area's pages (quiz pool, quiz view and stats, question bank, feedback) open
 * for every author of the business, the owner included (ADR 0062): a school's owner reads
 * and manages its quizzes in the same pages as its teachers, as a Moodle site administrator
 * or a Canvas account admin opens a course's quizzes. Each verb behind the pages still asks
 * its own rule (mayChangeQuiz, mayReadQuizResults, mayReadQuestionFeedback…).
 */
export function mayOpenTeacherArea(caller: Pick<Caller, "userType" | "profile">): boolean {
  return isAuthor(caller);
}

/**
 * The quiz pool lists the whole school's quizzes for the owner (POST /api/quiz/all) and a
 * teacher's own for a teacher (POST /api/quiz/allByTeacher, spec 2.5).
 */
export function seesEverySchoolQuizInPool(caller: HasProfile): boolean {
  return isOwner(caller);
}

/**
 * Manual grading (decisions.md "Manual grading", ADR 0069): the quiz's authors mark its essays
 * and override automatic marks, the same people who read and change its results (the quiz's
 * teacher and the owner). A student, or another teacher of the business, is refused.
 */
export const mayGradeQuiz = mayReadQuizResults;

export function assertMayGradeQuiz(caller: Caller, quiz: { teacherId: number }): void {
  if (!mayGradeQuiz(caller, quiz)) throw new Forbidden();
}

/**
 * mayGradeQuiz as a condition on a quiz's teacher column, for lists and counts of what waits
 * to be marked (the dashboard's card, the grading overview): a teacher's own quizzes, the
 * owner's whole business (undefined: no condition beyond the business), and no quiz at all
 * for anyone who is not an author (a count of nothing rather than a refusal: the dashboard
 * asks it for every signed-in staff account).
 */
export function quizzesCallerMayGrade(caller: Caller, teacherColumn: SQLiteColumn): SQL | undefined {
  if (!isAuthor(caller)) return sql`0`;
  return ownRowsUnlessOwner.where(caller, teacherColumn);
}

/**
 * Classes (issue 27 point 1, docs/decisions/0075-classes.md). Authors create classes and teach
 * them; a class is seen and managed (renamed, its teachers and roster changed, its join code
 * renewed, deleted) by its teachers and the owner, who sees every class of the business. To
 * anyone else a class is as unknown as an id never used: a 404, never a 403 that confirms it.
 */
export const mayCreateClass = isAuthor;

export function assertMayCreateClass(caller: Pick<Caller, "userType" | "profile">): void {
  if (!mayCreateClass(caller)) throw new Forbidden();
}

export function mayManageClass(caller: Pick<Caller, "userId" | "userType" | "profile">, teacherIds: readonly number[]): boolean {
  return isAuthor(caller) && (isOwner(caller) || teacherIds.includes(caller.userId));
}

/**
 * mayManageClass as a condition on a column holding class ids: the owner's every class of the
 * business (undefined: no condition beyond the business), a teacher's own, nobody else's.
 */
export function classesCallerManages(caller: Pick<Caller, "userId" | "userType" | "profile">, classIdColumn: SQLiteColumn): SQL | undefined {
  if (!isAuthor(caller)) return sql`0`;
  if (isOwner(caller)) return undefined;
  return sql`${classIdColumn} in (select class_id from class_teachers where user_id = ${caller.userId})`;
}

/** A student's own classes, as a condition on a column holding class ids (their "My classes" list). */
export function classesStudentIsIn(caller: Pick<Caller, "userId">, classIdColumn: SQLiteColumn): SQL {
  return sql`${classIdColumn} in (select class_id from class_students where user_id = ${caller.userId})`;
}

/** Who may teach a class: the business's authors (its Teachers and the owner). */
export const mayTeachClass = isAuthor;

/**
 * Who may sit in a class's roster: the business's Students, never its owner or a Teacher
 * (an e-mail of a teacher in a roster import or an add is refused on its row).
 */
export function mayBeInClass(user: { userType: UserType; profile: number }): boolean {
  return isStudent(user) && !isOwner(user);
}

/** A student joins a class by its code or link for themselves: a students' own verb (403 STUDENTS_ONLY otherwise). */
export function assertMayJoinClass(caller: Pick<Caller, "userType" | "profile">): void {
  if (!mayBeInClass(caller)) throw new Forbidden(REFUSALS.studentsOnly, "STUDENTS_ONLY");
}

/** The class list: authors read the classes they manage, students the classes they are in (classesStudentIsIn). */
export function assertMayListClasses(caller: Pick<Caller, "userType" | "profile">): void {
  if (!isAuthor(caller) && !mayBeInClass(caller)) throw new Forbidden();
}

/**
 * Issue 27 point 7 (ADR 0076): what the caller sees of the leader board. Teachers and the
 * owner always see it whole; a student (an account acting as one, the owner excepted) sees
 * what the owner chose in the admin setting `leaderBoardForStudents`: Full, Anonymous (their
 * own rows named, everyone else's not) or Off.
 */
export function leaderBoardViewOf<View extends string>(caller: Pick<Caller, "userType" | "profile">, forStudents: View): View | "Full" {
  return isStudent(caller) && !isOwner(caller) ? forStudents : "Full";
}

/** The students' board turned off: the page says so and the API refuses with LEADER_BOARD_OFF. */
export function assertLeaderBoardOpen<View extends string>(view: View): asserts view is Exclude<View, "Off"> {
  if (view === "Off") throw new Forbidden(refusal("LEADER_BOARD_OFF"));
}

/**
 * A student never exports other students' data (issue 27 point 7): the board's CSV holds only
 * their own rows, whatever the board shows them. Teachers and the owner export what they see.
 * As SQL: the condition on the attempts' student column, or undefined for no condition.
 */
export function boardExportRowsOf(caller: Pick<Caller, "userId" | "userType" | "profile">, studentColumn: SQL): SQL | undefined {
  return isStudent(caller) && !isOwner(caller) ? sql`${studentColumn} = ${caller.userId}` : undefined;
}

/**
 * Reports (issue 27 point 5, docs/decisions/0081-reports-and-quiz-duplication.md): one
 * student's results across quizzes and a class's grid are read by authors, never by students
 * (a student has their own results on the taken list). Whose report and which quizzes in it:
 * the owner every account and every quiz of the business; a teacher the students of the classes
 * they teach (class_teachers × class_students) and only the quizzes they made (the same rule as
 * a quiz's results: mayReadQuizResults). A student outside the teacher's classes is the 404 of an
 * id never used.
 */
export const mayReadReports = isAuthor;

export function assertMayReadReports(caller: Pick<Caller, "userType" | "profile">): void {
  if (!mayReadReports(caller)) throw new Forbidden();
}

/** The students whose report the caller may read, as a condition on a column of user ids (undefined: every account of the business). */
export function studentsCallerReportsOn(caller: Pick<Caller, "userId" | "userType" | "profile">, userIdColumn: SQLiteColumn | SQL): SQL | undefined {
  if (!mayReadReports(caller)) return sql`0`;
  if (isOwner(caller)) return undefined;
  return sql`${userIdColumn} in (select cs.user_id from class_students cs join class_teachers ct on ct.class_id = cs.class_id where ct.user_id = ${caller.userId})`;
}

/** The quizzes a report shows the caller, as a condition on the quizzes' teacher column: a teacher's own, the owner's all (undefined). */
export function quizzesInCallersReports(caller: Pick<Caller, "userId" | "userType" | "profile">, teacherColumn: SQLiteColumn | SQL): SQL | undefined {
  if (!mayReadReports(caller)) return sql`0`;
  return isOwner(caller) ? undefined : sql`${teacherColumn} = ${caller.userId}`;
}

/**
 * Duplicating a quiz (ADR 0081): every author of the business may copy any of its quizzes (they
 * all read every quiz, as they read the whole bank), and the copy is the caller's. Its password is
 * copied only for whoever may see it (maySeeQuizPassword); another author's copy has none.
 */
export const mayDuplicateQuiz = isAuthor;

export function assertMayDuplicateQuiz(caller: Pick<Caller, "userType" | "profile">): void {
  if (!mayDuplicateQuiz(caller)) throw new Forbidden();
}

/**
 * Issue 27 point 2 (ADR 0080): a quiz's results (its stats, item analysis, their CSV, the
 * leader board) are filtered by a class the caller manages, its teachers and the owner
 * (mayManageClass); any other class, another teacher's or another business's, is the 404 of an
 * id never used. As SQL on a column holding class ids, as classesCallerManages.
 */
export const classesCallerMayFilterResultsBy = classesCallerManages;

/**
 * mayReadQuizResults as a condition on a quiz's teacher column (a class page's links to its
 * quizzes' results by class, ADR 0080): a teacher's own quizzes, the owner's every quiz.
 */
export const quizzesWhoseResultsCallerReads = quizzesCallerMayGrade;

/**
 * mayTeachClass as a condition on the users table: whom the class page offers as a class's
 * teachers (the business's Teachers and its owner, as isAuthor says; ADR 0075).
 */
export function classTeacherAccounts(): SQL {
  return sql`(${users.userType} = 'Teacher' or ${users.profile} = ${OWNER_PROFILE})`;
}

/**
 * Issue 27 point 2 (ADR 0079): the classes an author may set a quiz for are the classes they
 * manage (a teacher's own, the owner's every class); as SQL on a column of class ids, like
 * classesCallerManages. A class already on the quiz stays allowed (the quiz's teacher keeps a
 * class the owner set), decided by the caller of this condition.
 */
export const classesCallerMaySetQuizFor = classesCallerManages;

/**
 * Per-student overrides of a quiz (ADR 0079) are set, listed and deleted by those who change
 * the quiz: its teacher and the owner. Other authors and students are refused (403).
 */
export const mayOverrideQuiz = mayChangeQuiz;

export function assertMayOverrideQuiz(caller: Caller, quiz: { teacherId: number }): void {
  if (!mayOverrideQuiz(caller, quiz)) throw new Forbidden();
}

/** Who may be given an override: a student of the school (never a teacher or the owner), as for a class roster. */
export const mayHaveOverride = mayBeInClass;

/** A class's password on a quiz (ADR 0079) is as secret as the quiz's own. */
export const maySeeClassPassword = maySeeQuizPassword;

/**
 * LTI 1.3 (issue 29, ADR 0087): the account type an LMS role makes. The LMS vouches for an
 * Instructor or Administrator, so they are Teachers (authors) of the platform's business;
 * every other role is a Student.
 */
export function ltiLaunchUserType(teacherRole: boolean): "Student" | "Teacher" {
  return teacherRole ? "Teacher" : "Student";
}

/** Where a launch lands: a Teacher or the owner on the quiz's stats (or its view), a Student on the quiz. */
export function landsAsAuthor(who: Pick<Caller, "userType" | "profile">): boolean {
  return isAuthor(who);
}

/**
 * Issue 29 (ADR 0089): a quiz's LMS grade sends (sent / waiting / failed, resend) and its LMS
 * class roster (who has not taken it, e-mail them) are part of its results: those who may read
 * its stats see and act on them, its teacher and the owner.
 */
export const mayManageLtiGrades = mayReadQuizResults;

export function assertMayManageLtiGrades(caller: Caller, quiz: { teacherId: number }): void {
  if (!mayManageLtiGrades(caller, quiz)) throw new Forbidden();
}

/**
 * Issue 29 (ADR 0088): the LMS platforms of a business (adding, disabling, removing one, rotating
 * the tool's key, dynamic registration) are the owner's, as the payment settings are.
 */
export const mayManageLtiPlatforms = isOwner;

export function assertMayManageLtiPlatforms(caller: HasProfile): void {
  if (!mayManageLtiPlatforms(caller)) throw new Forbidden();
}

/**
 * Deep linking (ADR 0088): the choice an LMS asked for belongs to the teacher the launch signed
 * in, and only an author places a quiz; another user holding the link is refused as if it did
 * not exist (the caller of this predicate answers 404).
 */
export function mayAnswerDeepLink(caller: Pick<Caller, "userId" | "userType" | "profile">, request: { userId: number }): boolean {
  return isAuthor(caller) && caller.userId === request.userId;
}

/**
 * Issue 29 point 2 (ADR 0091): the quiz of an LMS link that opens none is chosen by the author
 * whose launch found it empty, as a deep-linking request is answered by its teacher; anyone else
 * holding the chooser's link is refused as if it did not exist (404).
 */
export const mayChooseQuizForLink = mayAnswerDeepLink;

/** Only an author chooses a link's quiz: a student is refused by role (403) before any token is read. */
export const assertMayChooseQuizzesForLinks = assertAuthor;

/** The quizzes a teacher may place in a course by deep linking: those they change (mayChangeQuiz), as SQL on the quiz's teacher column. */
export const quizzesCallerMayPlaceInCourse = quizzesCallerMayGrade;
