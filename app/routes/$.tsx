import { redirect } from "react-router";

// Spec §2: any other path redirects to the home page.
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
