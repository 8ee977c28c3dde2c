import { describe, expect, it } from "vitest";
import { editSection, maskedClientSecret, maskedPassword, openTab, organisationHref, orToBeProvided, transactionCards } from "./organisation-model";

describe("the organisation page model", () => {
  it("opens the tab asked for when the user has it, else the first; an edited section opens its tab", () => {
    expect(openTab(["communication", "connection"], "connection", null)).toBe("connection");
    expect(openTab(["connection"], "transaction", null)).toBe("connection");
    expect(openTab(["communication", "connection"], null, "ip-allow-list")).toBe("connection");
    expect(openTab([], "connection", null)).toBeNull();
  });

  it("edits only a section of a tab the user has", () => {
    expect(editSection("client-secret", ["connection"])).toBe("client-secret");
    expect(editSection("communication", ["connection"])).toBeNull();
    expect(editSection("anything", ["connection"])).toBeNull();
  });

  it("keeps the subscriber in every link", () => {
    const view = { path: "/organisation", keep: { subscriberId: "s1" } };
    expect(organisationHref(view, { edit: "client-secret", connection: "c1" })).toBe("/organisation?subscriberId=s1&edit=client-secret&connection=c1");
    expect(organisationHref({ path: "/subscribers/s1", keep: {} }, {})).toBe("/subscribers/s1");
  });

  it("never shows a secret: masks of 30 and 5 asterisks, 'To be provided' when none is set", () => {
    expect(maskedClientSecret(true)).toBe("*".repeat(30));
    expect(maskedPassword(true)).toBe("*****");
    expect(maskedPassword(false)).toBe("To be provided");
    expect(orToBeProvided(" ")).toBe("To be provided");
  });

  it("builds the land registry and revenue cards, 'To be provided' for missing values", () => {
    expect(
      transactionCards([
        { authorityType: "LODGEMENT", userName: "hv-hmlr", passwordSet: true, storn: null },
        { authorityType: "REVENUE", userName: null, passwordSet: false, storn: null },
      ]),
    ).toEqual({
      state: "loaded",
      landRegistry: { userName: "hv-hmlr", password: "*****" },
      revenue: { userName: "To be provided", password: "To be provided", storn: "To be provided" },
    });
  });
});
