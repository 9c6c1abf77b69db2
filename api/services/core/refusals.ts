/**
 * The texts of the refusals the permissions module decides (permissions.ts), free of any
 * import so that the messages modules pages read (checkout-messages.ts, …) can name them too.
 */
export const REFUSALS = {
  studentsOnly: "Only students can do this",
  quizNotOpen: "This quiz is not open now",
  premiumOnly: "This quiz is for subscribers. Subscribe to take it.",
  ownerAccountFixed: "The owner's account cannot be changed here",
  checkoutSessionOfAnotherUser: "This checkout session belongs to another user",
  fileLinkInvalid: "This file link has expired or is invalid",
} as const;
