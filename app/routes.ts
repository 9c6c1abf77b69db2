import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Spec 2: every path lives under the basename /quiz.
export default [
  index("routes/home.tsx"), // redirects by userType
  route("logout", "routes/logout.tsx"),
  route("terms", "routes/terms.tsx"),
  // Resource route of the profile's e-mail confirmation box (status and "send again").
  route("account/email-verification", "routes/account/email-verification.tsx"),

  ...prefix("auth", [
    // The provider popup lands here and hands the ID token to its opener (no chrome).
    route("provider-callback", "routes/auth/provider-callback.tsx"),
    // Open to signed-in users too: the confirmation link is often opened where one registered.
    layout("routes/auth/open-layout.tsx", [route("verify-email/:token", "routes/auth/verify-email.tsx")]),
    layout("routes/auth/layout.tsx", [
      index("routes/auth/index.tsx"),
      route("login/:public_key?/:private_key?/:module_id?", "routes/auth/login.tsx"),
      route("registration", "routes/auth/registration.tsx"),
      route("forgot-password", "routes/auth/forgot-password.tsx"),
      route("reset-password/:token", "routes/auth/reset-password.tsx"),
      route("*", "routes/auth/unknown.tsx", { id: "auth-unknown" }),
    ]),
  ]),

  // The public check of a certificate's QR code / short URL: no sign-in (decisions.md "Certificates").
  layout("routes/auth/open-layout.tsx", { id: "certificate-open-layout" }, [route("verify/:code", "routes/verify-certificate.tsx")]),

  ...prefix("error", [
    index("routes/error/index.tsx"),
    route("error-v1", "routes/error/error-v1.tsx"),
    route("error-v2", "routes/error/error-v2.tsx"),
    route("error-v3", "routes/error/error-v3.tsx"),
  ]),

  // Everything below needs a signed-in user and shows the shared chrome (spec 2.3).
  layout("routes/app/layout.tsx", [
    route("dashboard", "routes/app/dashboard.tsx"),
    route("user-profile", "routes/app/user-profile.tsx"),
    route("settings/personal-information", "routes/app/personal-information.tsx"),
    // Spec 2.7: the board and its row dialogs over it (download, e-mail), and its CSV.
    route("leaderBoard", "routes/app/leader-board.tsx", [
      route(":id/download", "routes/board/board-download-dialog.tsx", { id: "board-download" }),
      route(":id/email", "routes/results/email-student.tsx", { id: "email-from-board" }),
    ]),
    route("leaderBoard.csv", "routes/board/leader-board-csv.ts"),
    route("leaderBoard/:id/certificate.pdf", "routes/board/board-certificate-pdf.ts"),
    route("switch-user-type", "routes/app/switch-user-type.tsx"),
    // ADR 0082 (second addendum): the owner's browser's zone becomes the school's while it has none.
    route("schoolTimeZone", "routes/app/adopt-time-zone.ts"),

    ...prefix("student", [
      layout("routes/student/layout.tsx", [
        index("routes/student/index.tsx"),
        route("quizPool", "routes/student/quiz-pool.tsx"),
        route("quizPool/:id/take", "routes/student/take-quiz.tsx"),
        // The certificate dialog (spec 2.4) opens over the taken list at the spec's address,
        // and over the result page from its Certificate link; the PDF itself is a resource route.
        route("takenQuiz", "routes/student/taken-quiz.tsx", [
          route(":id/download", "routes/student/certificate-dialog.tsx", { id: "certificate-over-list" }),
        ]),
        route("takenQuiz/:id/result", "routes/student/taken-quiz-result.tsx", { id: "taken-quiz-result" }, [
          route("download", "routes/student/certificate-dialog.tsx", { id: "certificate-over-result" }),
        ]),
        route("takenQuiz/:id/certificate.pdf", "routes/student/certificate-pdf.ts"),
        route("takenQuiz/:id/newResult", "routes/student/taken-quiz-result.tsx", { id: "taken-quiz-new-result" }),
        route("subscription", "routes/student/subscription.tsx"),
        route("subscription/offline", "routes/student/subscription-offline.ts"),
        route("classes", "routes/student/classes.tsx", { id: "student-classes" }),
        route("join/:joinCode", "routes/student/join-class.tsx", { id: "student-join-class" }),
        route("*", "routes/student/unknown.tsx", { id: "student-unknown" }),
      ]),
    ]),

    ...prefix("teacher", [
      layout("routes/teacher/layout.tsx", [
        index("routes/teacher/index.tsx"),
        route("dashboard", "routes/teacher/dashboard.tsx"),
        route("quizPool", "routes/teacher/quiz-pool.tsx", [
          route("new", "routes/teacher/quiz-new.tsx"),
          route(":id/edit", "routes/teacher/quiz-edit.tsx"),
        ]),
        route("quizPool/pick/:list", "routes/teacher/quiz-pick.ts"),
        route("quiz/:id/view", "routes/teacher/quiz-view.tsx"),
        route("quiz/:id/viewStats", "routes/teacher/quiz-stats.tsx"),
        route("quiz/:id/viewStats.csv", "routes/board/quiz-stats-csv.ts"),
        // Issue 29 (ADR 0089): the stats page's LMS panel reads the LMS class and resends grades here.
        route("quiz/:id/lms", "routes/teacher/quiz-lms.ts", { id: "teacher-quiz-lms" }),
        // Spec 2.5: a stats row's certificate dialog, not nested under viewStats in the spec's
        // addresses, so it shows the stats page behind it itself (ADR 0039); its PDF is a resource route.
        route("quiz/:id/:qId/download", "routes/teacher/stats-certificate-dialog.tsx"),
        route("quiz/:id/:qId/certificate.pdf", "routes/teacher/stats-certificate-pdf.ts"),
        route("quiz/:id/analysis", "routes/teacher/quiz-analysis.tsx"),
        // Issue 26 point 4 (ADR 0070): marking by hand, per quiz and one answer at a time, and the overview.
        route("quiz/:id/grading", "routes/teacher/quiz-grading.tsx", { id: "teacher-quiz-grading" }),
        route("quiz/:id/attempt/:takenQuizId/grade/:questionId", "routes/teacher/quiz-attempt-grade.tsx", { id: "teacher-attempt-grade" }),
        route("grading", "routes/teacher/grading-overview.tsx", { id: "teacher-grading-overview" }),
        route("classes", "routes/teacher/classes.tsx", { id: "teacher-classes" }),
        route("classes/:classId", "routes/teacher/class-roster.tsx", { id: "teacher-class-roster" }),
        // Issue 27 point 5 ("reports", ADR 0081): the class grids, a student's report, their CSVs, and duplicating a quiz.
        route("reports", "routes/teacher/reports.tsx", { id: "teacher-reports" }),
        route("reports/class/:classId", "routes/teacher/report-class.tsx", { id: "teacher-report-class" }),
        route("reports/class/:classId/report.csv", "routes/teacher/report-class-csv.ts", { id: "teacher-report-class-csv" }),
        route("reports/student/:userId", "routes/teacher/report-student.tsx", { id: "teacher-report-student" }),
        route("reports/student/:userId/report.csv", "routes/teacher/report-student-csv.ts", { id: "teacher-report-student-csv" }),
        route("quiz/:id/duplicate", "routes/teacher/quiz-duplicate.ts", { id: "teacher-quiz-duplicate" }),
        // Issue 26 point 5: one attempt as its quiz's authors read it, opened from the stats page.
        route("quiz/:id/attempt/:takenQuizId", "routes/teacher/quiz-attempt.tsx", { id: "teacher-attempt-view" }),
        // Spec 2.5: a stats row's e-mail dialog, not nested under viewStats (issue 16 split).
        route("quiz/:id/:qId/email", "routes/results/email-student.tsx", { id: "email-from-stats" }),
        route("questions", "routes/teacher/questions.tsx", [
          route("newCatCourse", "routes/teacher/questions-new-category-course.tsx"),
          route("uploadCSV", "routes/teacher/questions-upload.tsx"),
        ]),
        route("questions/load/:course/:category", "routes/teacher/questions-load.tsx"),
        route("questions/:category/:course/load", "routes/teacher/question-bank.tsx", [
          // The view and delete dialogs open over the bank (decision 0017).
          route("view/:id", "routes/teacher/question-view.tsx"),
          route("delete/:id", "routes/teacher/question-delete.tsx"),
        ]),
        route("questions/:id/view", "routes/teacher/question-dialog-redirect.tsx", { id: "question-view-redirect" }),
        route("questions/:id/delete", "routes/teacher/question-dialog-redirect.tsx", { id: "question-delete-redirect" }),
        route("question/:category/:course/new", "routes/teacher/question-new.tsx"),
        route("question/:id/edit", "routes/teacher/question-edit.tsx"),
        route("question/preview", "routes/teacher/question-preview.ts"),
        // Issue 29 point 3 (ADR 0088): the deep-linking quiz picker an LMS's "add an activity" opens.
        route("lti/deep-link/:token", "routes/teacher/lti-deep-link.tsx", { id: "teacher-lti-deep-link" }),
        // Issue 29 point 2 (ADR 0091): an instructor's launch of an LMS link that opens no quiz chooses it here.
        route("lti/link/:token", "routes/teacher/lti-link-choice.tsx", { id: "teacher-lti-link-choice" }),
        route("feedback", "routes/teacher/feedback.tsx", [
          // Spec 2.5: the feedback's detail dialog over the table.
          route(":id/view", "routes/teacher/feedback-view.tsx"),
        ]),
        route("*", "routes/teacher/unknown.tsx", { id: "teacher-unknown" }),
      ]),
    ]),

    ...prefix("admin", [
      layout("routes/admin/layout.tsx", [
        index("routes/admin/index.tsx"),
        route("leaderBoard", "routes/admin/leader-board.tsx", [
          route(":id/download", "routes/board/board-download-dialog.tsx", { id: "admin-board-download" }),
          route(":id/email", "routes/results/email-student.tsx", { id: "email-from-admin-board" }),
        ]),
        route("quizSetting", "routes/admin/quiz-setting.tsx"),
        route("subscription", "routes/admin/subscription.tsx"),
        route("users", "routes/admin/users.tsx"),
        route("outbox", "routes/admin/outbox.tsx"),
        route("outbox/:id", "routes/admin/outbox-message.tsx"),
        // Issue 29 (ADR 0088): the LMS platforms, and LTI Dynamic Registration's confirmation.
        route("lti", "routes/admin/lti.tsx"),
        route("lti/register", "routes/admin/lti-register.tsx"),
        route("*", "routes/admin/unknown.tsx", { id: "admin-unknown" }),
      ]),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
