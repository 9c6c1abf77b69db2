/** The three optional URL parameters of /auth/login/{public_key?}/{private_key?}/{module_id?}. */
export interface KeyLoginValues {
  public_key: string;
  private_key: string;
  module_id: string;
}

export type KeyLoginParams =
  | { state: "none" }
  | { state: "partial"; values: KeyLoginValues }
  | { state: "complete"; values: KeyLoginValues };

/**
 * Spec 2.2: with all three parameters a key login is attempted at once; with only some of
 * them the user is told to provide all data. React Router has already decoded the
 * URL-encoded segments.
 */
export function keyLoginParams(params: Partial<Record<keyof KeyLoginValues, string | undefined>>): KeyLoginParams {
  const values: KeyLoginValues = {
    public_key: params.public_key?.trim() ?? "",
    private_key: params.private_key?.trim() ?? "",
    module_id: params.module_id?.trim() ?? "",
  };
  const present = Object.values(values).filter(Boolean).length;
  if (present === 0) return { state: "none" };
  return present === 3 ? { state: "complete", values } : { state: "partial", values };
}

/** The login URL that carries a key pair (URL-encoded), e.g. for links from other modules. */
export function keyLoginPath(values: KeyLoginValues): string {
  return `/auth/login/${[values.public_key, values.private_key, values.module_id].map(encodeURIComponent).join("/")}`;
}
