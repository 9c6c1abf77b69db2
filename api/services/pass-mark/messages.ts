/**
 * The texts of issue 27 points 4 and 7 (docs/decisions/0076), by their codes
 * (api/services/message-codes.ts): the pages say them in the reader's language by code.
 */
export const PASS_MARK_MESSAGES = {
  QUIZ_PASS_PERCENTAGE_INVALID: "The pass mark must be a percentage from 0 to 100 with at most two decimals, or empty for none",
  CERTIFICATE_BELOW_PASS_MARK: "This result is below the quiz's pass mark of {{passPercentage}}%, so it has no certificate",
  LEADER_BOARD_OFF: "The school has turned the leader board off for students",
  LEADER_BOARD_NAMES_HIDDEN: "Other students' names are hidden on this leader board, so it cannot be searched or sorted by name",
  SETTING_COMPLETION_CERTIFICATE_INVALID: "Completion certificate below the pass mark must be Yes or No",
  SETTING_LEADER_BOARD_FOR_STUDENTS_INVALID: "Leader board for students must be Full, Anonymous or Off",
} as const;
