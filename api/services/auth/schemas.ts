import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT, schemaMessage } from "../core/coded";
import { singleLine } from "../core/single-line";
import type { AuthField } from "./schema-messages";

/**
 * Input schemas of the auth verbs, shared by the API routes and the UI's forms so that
 * both reject the same input with the same messages (spec 5: '{name} is required',
 * '{name} is not valid'). Plain `zod` on purpose: the UI imports this file, and the API
 * routes add the OpenAPI names (`.openapi(...)`) on their side.
 */

const LIMITS = { email: 254, fullname: 100, username: 50, passwordMin: 12, passwordMax: 128, token: 4096 } as const;

const body = { error: BODY_NOT_AN_OBJECT };

/** A field's coded messages (schema-messages.ts): what the API sends in English, and pages word by code. */
const required = (field: AuthField) => schemaMessage("FIELD_REQUIRED", { field });
const notValid = (field: AuthField) => schemaMessage("FIELD_NOT_VALID", { field });
const tooLong = (field: AuthField, max: number) => schemaMessage("FIELD_TOO_LONG", { field, max });

/** A single-line name (no control characters, no line breaks: issue 25, point 17) with the spec's messages. */
const nameField = (field: AuthField, max: number) => singleLine(text(field, max));

/** A string field whose missing, empty and wrong-type cases all have the spec's messages. */
function text(field: AuthField, max: number, { trim = true } = {}) {
  const base = z.string({ error: (issue) => (issue.input === undefined ? required(field) : notValid(field)) });
  return (trim ? base.trim() : base).min(1, required(field)).max(max, tooLong(field, max));
}

export const emailField = z
  .string({ error: (issue) => (issue.input === undefined ? required("email") : notValid("email")) })
  .trim()
  .toLowerCase()
  .min(1, required("email"))
  .max(LIMITS.email, tooLong("email", LIMITS.email))
  .regex(z.regexes.email, notValid("email"));

/** New passwords: not trimmed (spaces are legitimate characters of a passphrase). */
export const newPasswordField = text("password", LIMITS.passwordMax, { trim: false }).min(
  LIMITS.passwordMin,
  schemaMessage("FIELD_TOO_SHORT", { field: "password", min: LIMITS.passwordMin }),
);

/**
 * The strength meter's question (password-strength-meter.ts): the password as typed so far
 * and, on the registration form, what the user is known by. The hints are only bounded, not
 * validated: they are half-typed while the meter runs, and only ever make the score stricter.
 */
export const PasswordStrengthInput = z.object(
  {
    password: text("password", LIMITS.passwordMax, { trim: false }),
    email: z.string({ error: notValid("email") }).max(LIMITS.email, tooLong("email", LIMITS.email)).optional(),
    fullname: z.string({ error: notValid("fullname") }).max(LIMITS.fullname, tooLong("fullname", LIMITS.fullname)).optional(),
    username: z.string({ error: notValid("username") }).max(LIMITS.username, tooLong("username", LIMITS.username)).optional(),
  },
  body,
);
export type PasswordStrengthInput = z.input<typeof PasswordStrengthInput>;

const MISMATCH = schemaMessage("PASSWORD_MISMATCH");
const TERMS_REQUIRED = schemaMessage("TERMS_REQUIRED");

/** Registration may only choose Student or Teacher (spec 6); Admin is never offered. */
export const SelfServiceUserType = z.enum(["Student", "Teacher"], { error: schemaMessage("SELF_SERVICE_USER_TYPE_INVALID") });

const registerFields = {
  email: emailField,
  fullname: nameField("fullname", LIMITS.fullname),
  username: nameField("username", LIMITS.username),
  password: newPasswordField,
  confirmPassword: text("confirmPassword", LIMITS.passwordMax, { trim: false }).optional(),
  userType: SelfServiceUserType.default("Student"),
  // Optional for API clients, but a client that sends it must have accepted.
  acceptTerms: z.literal(true, { error: TERMS_REQUIRED }).optional(),
};

/** The API's registration body: confirmPassword and acceptTerms are checked only when sent. */
export const RegisterInput = z
  .object(registerFields, body)
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: MISMATCH,
    path: ["confirmPassword"],
  });
export type RegisterInput = z.input<typeof RegisterInput>;

/** The registration form (spec 5): every field required and the terms accepted. */
export const RegisterFormInput = z
  .object(
    {
      ...registerFields,
      confirmPassword: text("confirmPassword", LIMITS.passwordMax, { trim: false }),
      userType: SelfServiceUserType,
      acceptTerms: z.literal(true, { error: TERMS_REQUIRED }),
    },
    body,
  )
  .refine((v) => v.confirmPassword === v.password, { message: MISMATCH, path: ["confirmPassword"] });

export const LoginInput = z.object(
  { email: emailField, password: text("password", LIMITS.passwordMax, { trim: false }) },
  body,
);
export type LoginInput = z.input<typeof LoginInput>;

const opaqueToken = (field: AuthField) => text(field, LIMITS.token);

/** Refresh token in the body is optional: the browser sends it as an httpOnly cookie. */
export const RefreshInput = z.object({ refreshToken: opaqueToken("refreshToken").optional() }, body);
export type RefreshInput = z.input<typeof RefreshInput>;

export const ForgotPasswordInput = z.object({ email: emailField }, body);
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

export const ResetPasswordInput = z
  .object(
    {
      token: opaqueToken("token"),
      password: newPasswordField,
      confirmPassword: text("confirmPassword", LIMITS.passwordMax, { trim: false }),
    },
    body,
  )
  .refine((v) => v.confirmPassword === v.password, { message: MISMATCH, path: ["confirmPassword"] });
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

/** The token of an e-mailed confirmation link (verify-email.ts). */
export const VerifyEmailInput = z.object({ token: opaqueToken("token") }, body);
export type VerifyEmailInput = z.input<typeof VerifyEmailInput>;

/** Spec 5, key login: one message per field, whatever is wrong with it. */
const keyField = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, message);
export const KeyLoginInput = z.object(
  {
    public_key: keyField(schemaMessage("PUBLIC_KEY_INVALID"), 200),
    private_key: keyField(schemaMessage("PRIVATE_KEY_INVALID"), 200),
    module_id: keyField(schemaMessage("MODULE_ID_INVALID"), 100),
  },
  body,
);
export type KeyLoginInput = z.input<typeof KeyLoginInput>;

/** Either an e-mail (signed-in teachers and owners) or a provider ID token (the popup flow). */
export const CheckUserExistenceInput = z
  .object({ email: emailField.optional(), token: opaqueToken("token").optional() }, body)
  .refine((v) => (v.email === undefined) !== (v.token === undefined), {
    message: schemaMessage("EMAIL_OR_TOKEN"),
    path: ["email"],
  });
export type CheckUserExistenceInput = z.input<typeof CheckUserExistenceInput>;

export const ProviderLoginInput = z.object({ token: opaqueToken("token") }, body);
export type ProviderLoginInput = z.input<typeof ProviderLoginInput>;

/** The popup's answer: the ID token and the `state` the provider sent back with it. */
export const ProviderCallbackInput = z.object({ token: opaqueToken("token"), state: text("state", 512) }, body);
export type ProviderCallbackInput = z.input<typeof ProviderCallbackInput>;

/** Like ProviderLoginInput; the names are used only when the account is created. */
export const ProviderLoginWithUserDataInput = z.object(
  {
    token: opaqueToken("token"),
    fullname: nameField("fullname", LIMITS.fullname).optional(),
    username: nameField("username", LIMITS.username).optional(),
  },
  body,
);
export type ProviderLoginWithUserDataInput = z.input<typeof ProviderLoginWithUserDataInput>;

/** Spec 7: create_user (token, role Student). */
export const CreateUserInput = z.object(
  { token: opaqueToken("token"), role: SelfServiceUserType.default("Student") },
  body,
);
export type CreateUserInput = z.input<typeof CreateUserInput>;

/** create_user_with_userdata never makes an owner (profile 2): the Users page could neither change nor remove one (docs/decisions/0060). */
export const OWNER_PROFILE_REFUSED = "An owner account cannot be created here: choose a Student or Teacher profile";

/** Owner-side account creation with explicit data; without a password the user resets one. */
export const CreateUserWithUserDataInput = z.object(
  {
    email: emailField,
    fullname: nameField("fullname", LIMITS.fullname),
    username: nameField("username", LIMITS.username),
    password: newPasswordField.optional(),
    userType: SelfServiceUserType.default("Student"),
    role_level: z.number({ error: notValid("roleLevel") }).int(notValid("roleLevel")).min(0, notValid("roleLevel")).max(8, notValid("roleLevel")).optional(),
    profile: z.number({ error: notValid("profile") }).int(notValid("profile")).positive(notValid("profile")).optional(),
    department_id: z.number({ error: notValid("department") }).int(notValid("department")).positive(notValid("department")).optional(),
  },
  body,
);
export type CreateUserWithUserDataInput = z.input<typeof CreateUserWithUserDataInput>;

export const CreateOwnerInput = z.object(
  {
    businessName: nameField("businessName", 100),
    email: emailField,
    fullname: nameField("fullname", LIMITS.fullname),
    password: newPasswordField,
  },
  body,
);
export type CreateOwnerInput = z.input<typeof CreateOwnerInput>;

/** The signed-in user's own password, asked again before changing credentials. */
const currentPasswordField = text("currentPassword", LIMITS.passwordMax, { trim: false });

export const ChangePasswordInput = z
  .object(
    {
      currentPassword: currentPasswordField,
      password: newPasswordField,
      confirmPassword: text("confirmPassword", LIMITS.passwordMax, { trim: false }),
    },
    body,
  )
  .refine((v) => v.confirmPassword === v.password, { message: MISMATCH, path: ["confirmPassword"] });
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

/** Minting a key pair is a credential change: it needs the password, not just a session. */
export const CreateKeyPairInput = z.object({ currentPassword: currentPasswordField }, body);
export type CreateKeyPairInput = z.input<typeof CreateKeyPairInput>;

/** Session ids are opaque random strings (sessions.ts); anything else is not one. */
export const SessionIdInput = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, notValid("session")) });
export type SessionIdInput = z.input<typeof SessionIdInput>;

/**
 * Two-step sign-in (docs/decisions/0013-two-step-sign-in.md). A code is the 6 digits of the
 * authenticator app or, where allowed, a recovery code; which one is decided by the verb,
 * so the field only bounds its length. Spaces and dashes a user copies along are ignored.
 */
const codeField = text("code", 64);

export const MfaSetupInput = z.object({ currentPassword: currentPasswordField }, body);
export type MfaSetupInput = z.input<typeof MfaSetupInput>;

export const MfaEnableInput = z.object({ code: codeField }, body);
export type MfaEnableInput = z.input<typeof MfaEnableInput>;

export const MfaDisableInput = z.object({ currentPassword: currentPasswordField, code: codeField }, body);
export type MfaDisableInput = z.input<typeof MfaDisableInput>;

/** The second step of a password sign-in: the token the first step answered, and a code. */
export const MfaLoginInput = z.object({ mfaToken: opaqueToken("mfaToken"), code: codeField }, body);
export type MfaLoginInput = z.input<typeof MfaLoginInput>;

/**
 * The signed-in user's own names (/quiz/settings/personal-information, docs/decisions/0046):
 * the registration form's rules and messages. The e-mail is not here: changing it needs the
 * new address verified first.
 */
export const UpdatePersonalInformationInput = z.object(
  { fullname: nameField("fullname", LIMITS.fullname), username: nameField("username", LIMITS.username) },
  body,
);
export type UpdatePersonalInformationInput = z.input<typeof UpdatePersonalInformationInput>;
