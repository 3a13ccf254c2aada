import { redirect } from "react-router";

// Any other path redirects to the home page.
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
