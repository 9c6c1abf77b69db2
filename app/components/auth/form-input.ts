/**
 * FormData → the input objects of the auth verbs' schemas. Shared by the browser (instant
 * messages) and the actions (the real check), so both read a form the same way.
 */
function text(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

/** A native checkbox submits "on" (or its value) when ticked and nothing when not. */
function checked(formData: FormData, name: string): boolean {
  const value = formData.get(name);
  return value === "on" || value === "true";
}

export function loginInput(formData: FormData) {
  return { email: text(formData, "email"), password: text(formData, "password") };
}

export function keyLoginInput(formData: FormData) {
  return {
    public_key: text(formData, "public_key"),
    private_key: text(formData, "private_key"),
    module_id: text(formData, "module_id"),
  };
}

export function registrationInput(formData: FormData) {
  return {
    email: text(formData, "email"),
    fullname: text(formData, "fullname"),
    username: text(formData, "username"),
    password: text(formData, "password"),
    confirmPassword: text(formData, "confirmPassword"),
    // No choice made: undefined, so the schema reports the missing role.
    userType: text(formData, "userType") || undefined,
    acceptTerms: checked(formData, "acceptTerms"),
  };
}

export function forgotPasswordInput(formData: FormData) {
  return { email: text(formData, "email") };
}

/** The token comes from the URL, not from the form. */
export function resetPasswordInput(formData: FormData, token: string) {
  return { token, password: text(formData, "password"), confirmPassword: text(formData, "confirmPassword") };
}

/** The code step of a two-step sign-in: the first step's token (hidden field) and the code. */
export function mfaLoginInput(formData: FormData) {
  return { mfaToken: text(formData, "mfaToken"), code: text(formData, "code") };
}
