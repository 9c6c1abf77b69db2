/** The `?notice=` the e-mail dialog leaves on the page it goes back to (EmailSentNotice shows it). */
export const EMAIL_SENT_NOTICE = "email-sent";

/**
 * Where the e-mail dialog goes back to (spec 8): the leader board it was opened from when the
 * quiz id is -1 (the owner's /admin/leaderBoard or everyone's /leaderBoard), else the quiz's stats.
 * `pathname` is the dialog's own (with or without the /quiz basename).
 */
export function emailBackPath(pathname: string, quizId: number): string {
  if (quizId !== -1) return `/teacher/quiz/${quizId}/viewStats`;
  return /\/admin\/leaderBoard\//.test(pathname) ? "/admin/leaderBoard" : "/leaderBoard";
}
