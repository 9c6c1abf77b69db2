import { redirect } from "react-router";

/** Spec 2.1: /error redirects to /error/error-v2. */
export function loader() {
  throw redirect("/error/error-v2");
}

export default function ErrorIndex() {
  return null;
}
