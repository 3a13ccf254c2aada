import { PinServiceError, lookupPinWithSource } from "~/models/addresses/pincodes.server";
import { apiError, json, methodNotAllowed } from "~/utils/http.server";
import type { Route } from "./+types/api.pincode.$pin";

// GET /api/pincode/:pin → the postal service's own answer, [{ Message, Status, PostOffice }],
// with 200 also for Status "Error" (as the service does); 502 { message } when it cannot be asked.
export async function loader({ params }: Route.LoaderArgs) {
  try {
    const { answer, source } = await lookupPinWithSource(params.pin);
    const fromLocalData = source === "local" || source === "cache" || source === "upstream";
    return json(answer, 200, fromLocalData ? { "Cache-Control": "public, max-age=86400" } : undefined);
  } catch (error) {
    if (error instanceof PinServiceError) return apiError(502, error.message);
    throw error;
  }
}

export const action = methodNotAllowed;
