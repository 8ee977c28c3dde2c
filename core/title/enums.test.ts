import { describe } from "vitest";
import { statusEnumerationTests } from "../shared/enumerations.test-helper.js";
import * as title from "./enums.js";

describe("every status enumeration has a zod enum and a label for each value", () => {
  statusEnumerationTests([
    ["title statuses", title.TITLE_STATUSES, title.TitleStatusSchema, title.TITLE_STATUS_LABELS],
  ]);
});
