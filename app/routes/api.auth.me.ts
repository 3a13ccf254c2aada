import { toPublicUser } from "~/models/user.server";
import { getUser } from "~/utils/auth.server";
import { apiError, json } from "~/utils/http.server";
import type { Route } from "./+types/api.auth.me";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return apiError(401, "Not logged in");
  return json(toPublicUser(user), 200, { "Cache-Control": "private, no-store" });
}
