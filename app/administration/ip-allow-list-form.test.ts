import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { IP_ALLOW_LIST_MESSAGE } from "../../core/administration/ip-allow-list.js";
import { IpAllowListTextSchema } from "./ip-allow-list-form";

const form = (text: string) => {
  const data = new FormData();
  data.set("ipAddresses", text);
  return parseWithZod(data, { schema: IpAllowListTextSchema });
};

describe("the IP allow list form", () => {
  it("takes an empty textarea as the empty list (no restriction)", () => {
    const submission = form("");
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.ipAddresses).toEqual([]);
  });

  it("splits on commas, spaces and new lines, removes duplicates and keeps canonical entries", () => {
    const submission = form("127.0.0.1,\n::1 10.0.0.0/8,\n127.0.0.1,");
    expect(submission.status === "success" && submission.value.ipAddresses).toEqual(["127.0.0.1", "::1", "10.0.0.0/8"]);
  });

  it("refuses anything that is not an address or range, with the spec's message", () => {
    const submission = form("127.0.0.1, 300.1.1.1");
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.ipAddresses).toEqual([IP_ALLOW_LIST_MESSAGE]);
  });
});
