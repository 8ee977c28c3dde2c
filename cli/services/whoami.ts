import type { Me } from "../../core/identity/api.js";
import { getMe } from "../../core/administration/subscriber-users-client.js";
import type { Io } from "../io.js";
import type { GlobalOptions } from "../globals.js";
import { authenticatedContext } from "./session.js";

export interface WhoAmIResult {
  me: Me;
  apiUrl: string;
}

/** The caller as the provider sees them (GET /api/v1/me). */
export async function whoAmI(io: Io, globals: GlobalOptions): Promise<WhoAmIResult> {
  const ctx = await authenticatedContext(io, globals);
  return { me: await getMe(ctx), apiUrl: ctx.apiUrl };
}
