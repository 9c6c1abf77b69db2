import { redirect } from "react-router";

/** Spec 2.2: any unknown auth path goes to the login screen. */
export function loader() {
  return redirect("/auth/login");
}

export default function UnknownAuthPath() {
  return null;
}
