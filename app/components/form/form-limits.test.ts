import { describe, expect, it } from "vitest";
import { z } from "zod";
import { arrayLimitsOf, DEFAULT_ARRAY_LIMIT, fieldNameProblem } from "./form-limits";

const schema = z.object({
  applicants: z.array(z.object({ firstName: z.string(), roles: z.array(z.string()).max(3) })).max(4),
  tags: z.array(z.string()).optional(),
  piped: z.preprocess((value) => value, z.array(z.string()).max(2)),
  choice: z.discriminatedUnion("type", [z.object({ type: z.literal("a"), items: z.array(z.number()).max(5) })]),
});

describe("array limits of a schema", () => {
  const limits = arrayLimitsOf([schema]);

  it("reads each array's maximum, through wrappers, pipes, unions and nesting", () => {
    expect(Object.fromEntries(limits)).toEqual({
      applicants: 4,
      "applicants[].roles": 3,
      tags: DEFAULT_ARRAY_LIMIT,
      piped: 2,
      "choice.items": 5,
    });
  });

  it.each([
    ["applicants[3].firstName", null],
    ["applicants[0].roles[2]", null],
    ["choice.items[4]", null],
    ["plain", null],
    ["applicants[4].firstName", "more entries"],
    ["applicants[0].roles[3]", "more entries"],
    ["tags[100]", "more entries"],
    ["unknown[0]", "more entries"],
    ["applicants[]", "more entries"],
    ["a".repeat(201), "too long"],
  ])("%s", (name, problem) => {
    const found = fieldNameProblem(name, limits);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});
