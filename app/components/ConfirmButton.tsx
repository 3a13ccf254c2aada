import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";

type Props = { to: string; message: string; children: ReactNode; className?: string };

/**
 * A destructive action. Without JS it is a link to a confirmation page with its own form;
 * with JS it asks with confirm() and posts to that same page's action.
 */
export function ConfirmButton({ to, message, children, className }: Props) {
  const fetcher = useFetcher();
  return (
    <Link
      to={to}
      className={className ?? "button small danger"}
      onClick={(e) => {
        e.preventDefault();
        if (window.confirm(message)) void fetcher.submit({ intent: "delete" }, { method: "post", action: to });
      }}
    >
      {children}
    </Link>
  );
}
