/** A react-aria field's error props from a message (nothing when there is none). */
export const fieldError = (message: string | undefined) => (message ? { isInvalid: true, errorMessage: message } : {});
