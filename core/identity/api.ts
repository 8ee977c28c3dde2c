/** The caller as the provider knows them: GET /api/v1/me. */
import { z } from "zod";
import { AssociatedSubscriberSchema, SubscriberUserSchema } from "../administration/api.js";

/** GET /api/v1/me: the caller as the token describes them, for the app header and `convey whoami`. */
export const MeResponseSchema = z.object({
  user: SubscriberUserSchema,
  selectedSubscriber: AssociatedSubscriberSchema.nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type Me = z.infer<typeof MeResponseSchema>;

