/**
 * The IP allow list form's schema (document 3 section 5.3): core's rule (parseIpAllowList: separators,
 * canonical entries, duplicates removed, 5000 characters), read from the textarea. Conform hands an empty
 * field to the schema as undefined, which core's IpAllowListSchema refuses as not text; here an empty
 * textarea is the empty list, which removes the restriction.
 */
import { z } from "zod";
import { parseIpAllowList } from "../../core/administration/ip-allow-list.js";

export const IpAllowListTextSchema = z.object({
  ipAddresses: z.unknown().transform((value, ctx) => {
    const result = parseIpAllowList(typeof value === "string" ? value : "");
    if ("message" in result) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.value;
  }),
});
