import { describe, expect, it } from "vitest";
import { permissionsForRoles } from "../../core/shared/permissions/roles.js";
import { STAMP_DUTY_TEXTS } from "../../core/sdlt/rules.js";
import { EDIT_LOCK_TOOLTIPS } from "../../core/workspaces/status.js";
import { formDefaults, sdltView, sdltViewMode, SDLT_VIEW_TEXTS, type SdltViewInput } from "./sdlt-view";
import type { StampDutyDetails as SdltDetails } from "../../core/sdlt/api.js";

const creator = { permissions: permissionsForRoles(["Workspace Creator"]), roles: ["Workspace Creator"] };
const viewer = { permissions: permissionsForRoles(["Workspace Viewer"]), roles: ["Workspace Viewer"] };
const workspace = { participantRole: "BUYER_REPRESENTATIVE", transactionType: "PURCHASE" };
/** A section with the fields a test needs (the payload types ask for every field of a saved section). */
const section = (status: "PENDING" | "COMPLETED", data: unknown = null) => ({ status, data }) as never;

function details(
  change: Partial<SdltDetails> = {},
  application: Partial<NonNullable<SdltDetails["taxApplication"]>> = {},
): SdltDetails {
  return {
    lodgementCaseId: "case-1",
    workspaceId: "ws-1",
    version: 3,
    taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA",
    revenueAuthority: "HM_REVENUE_AND_CUSTOMS",
    transactionDetails: {
      effectiveDateOfTransaction: "2026-12-24",
      titleNumber: null,
      propertyAddress: "5 Castle Mews, York, YO1 9RN",
      purchasers: [{ id: "p1", name: "Hannah Whitfield" }],
      transactionType: "PURCHASE",
    },
    taxApplication: {
      taxId: "t1",
      taxApplicationId: "a1",
      taxApplicationStatus: "CREATED",
      canBePrepared: false,
      canBeReopened: false,
      sections: {
        transactionDetails: section("COMPLETED", {
          propertyType: "RESIDENTIAL",
          restrictionsAffecting: false,
          landExchanged: false,
          pursuantToOption: false,
        }),
        propertyDetails: section("PENDING"),
        taxCalculation: section("COMPLETED", {
          isClaimingRelief: false,
          taxPayable: 500_000,
          amountPaid: 475_000,
          isLinkedTransaction: false,
          isAmountPaidIncludePenalties: false,
        }),
        purchaserDetails: section("PENDING"),
        purchaserAgentDetails: section("PENDING"),
      },
      calculation: null,
      filing: {
        transactionReferenceNumber: null,
        submittedAt: null,
        filedAt: null,
        failureReason: null,
        attempts: 0,
      },
      ...application,
    },
    ...change,
  };
}

const view = (input: Partial<SdltViewInput> = {}) =>
  sdltView({
    details: details(),
    user: creator,
    workspace,
    basePath: "/workspaces/ws-1/stamp-duty",
    mode: { kind: "accordion", open: null },
    ...input,
  });

describe("the stamp duty tab's view", () => {
  it("shows the questions before a decision, disabled with the reason for a user without add", () => {
    const undecided = details({ taxEligibilityStatus: null, taxApplication: null });
    expect(view({ details: undecided }).questions).toEqual({ disabledReason: null });
    expect(view({ details: undecided, user: viewer }).questions).toEqual({
      disabledReason: STAMP_DUTY_TEXTS.unauthorised,
    });
    expect(view({ details: undecided, user: viewer }).transactionSummary).toContainEqual({
      term: "Title number",
      value: "to be provided",
    });
    expect(view({ details: undecided }).transactionSummary).toContainEqual({
      term: "Title number",
      value: "not provided",
    });
  });

  it("shows the notice of each decided status, and nothing for NOT_APPLICABLE", () => {
    expect(
      view({ details: details({ taxEligibilityStatus: "NOT_REQUIRED", taxApplication: null }) }).notice,
    ).toBe(STAMP_DUTY_TEXTS.notRequired);
    expect(
      view({ details: details({ taxEligibilityStatus: "SUBMISSION_OUTSIDE_PEXA", taxApplication: null }) })
        .notice,
    ).toBe(STAMP_DUTY_TEXTS.outsideSubmission);
    expect(view({ details: details({ taxEligibilityStatus: "PENDING", taxApplication: null }) }).notice).toBe(
      STAMP_DUTY_TEXTS.pending,
    );
    const nothing = view({
      details: details({ taxEligibilityStatus: "NOT_APPLICABLE", taxApplication: null }),
    });
    expect([nothing.notice, nothing.questions, nothing.application, nothing.transactionSummary]).toEqual([
      null,
      null,
      null,
      [],
    ]);
  });

  it("lists the five sections in order with their badge and mode; Next disabled until the return can be prepared", () => {
    const application = view().application!;
    expect(application.sections.map((s) => [s.title, s.badge, s.mode])).toEqual([
      ["Transaction details", "Completed", "summary"],
      ["Property details", "Pending", "form"],
      ["Tax calculation", "Completed", "summary"],
      ["Purchaser details", "Pending", "form"],
      ["Purchaser agent details", "Pending", "form"],
    ]);
    expect(application.sections[0].editHref).toBe(
      "/workspaces/ws-1/stamp-duty?edit=transaction-details#section-transaction-details",
    );
    expect(application.next).toEqual({
      href: "/workspaces/ws-1/stamp-duty?view=consent",
      reason: SDLT_VIEW_TEXTS.nextDisabled,
    });
    expect(application.guide).toBe(STAMP_DUTY_TEXTS.guide);
  });

  it("gives a view-only user summaries with 'to be provided', no Edit and no Next", () => {
    const application = view({ user: viewer }).application!;
    expect(application.sections.every((s) => s.mode === "summary" && s.editHref === null)).toBe(true);
    expect(application.next).toBeNull();
    expect(application.sections[1].rows).toContainEqual({
      term: "Local authority number",
      value: "to be provided",
    });
    expect(application.sections[2].rows).toContainEqual({ term: "Tax payable", value: "£5,000.00" });
  });

  it("opens the edit form only for a section that may be edited, and consent only when the return can be prepared", () => {
    const editing = view({ mode: { kind: "edit", slug: "tax-calculation" } }).application!;
    expect(editing.sections[2].mode).toBe("edit");
    expect(
      view({ mode: { kind: "edit", slug: "tax-calculation" }, user: viewer }).application!.sections[2].mode,
    ).toBe("summary");
    expect(view({ mode: { kind: "consent" } }).application!.consent).toBe(false);
    expect(
      view({ mode: { kind: "consent" }, details: details({}, { canBePrepared: true }) }).application!.consent,
    ).toBe(true);
  });

  it("shows the prepared notice with its reopen link, and the filing status with the reference", () => {
    const prepared = view({
      details: details({}, { taxApplicationStatus: "PREPARED", canBeReopened: true }),
    }).application!;
    expect(prepared.prepared).toEqual({ text: STAMP_DUTY_TEXTS.prepared, reopen: true, refusal: null });
    expect(prepared.sections.every((s) => s.mode === "summary" && s.editHref === null)).toBe(true);
    const filed = view({
      details: details(
        {},
        {
          taxApplicationStatus: "FILED",
          filing: {
            transactionReferenceNumber: "SDLT-1",
            submittedAt: "2026-12-24T09:00:00Z",
            filedAt: "2026-12-24T09:05:00Z",
            failureReason: null,
            attempts: 1,
          },
        },
      ),
    }).application!.filing!;
    expect(filed.kind).toBe("filed");
    expect(filed.rows).toContainEqual({ term: "Transaction reference number", value: "SDLT-1" });
    const failed = view({
      details: details(
        {},
        {
          taxApplicationStatus: "SUBMISSION_FAILED",
          filing: {
            transactionReferenceNumber: null,
            submittedAt: null,
            filedAt: null,
            failureReason: "Refused.",
            attempts: 3,
          },
        },
      ),
    });
    expect(failed.application!.filing!.message).toBe(`${SDLT_VIEW_TEXTS.failed} Refused.`);
  });

  it("shows the calculated tax beside the entered one, with the note when they differ", () => {
    const calculation = view({
      details: details(
        {},
        {
          calculation: {
            calculated: true,
            tax: 475_000,
            bands: [{ from: 25_000_000, to: 29_500_000, rate: 5, tax: 225_000 }],
            rules: "England residential",
            input: {
              price: 29_500_000,
              kind: "residential",
              effectiveDate: "2026-12-24",
              firstTimeBuyer: false,
              additionalDwelling: false,
              nonResident: false,
            },
            enteredTaxPayable: 500_000,
            differs: true,
            note: "Outside.",
          },
        },
      ),
    }).application!.calculation!;
    expect(calculation).toMatchObject({
      tax: "£4,750.00",
      entered: "£5,000.00",
      differenceNote: SDLT_VIEW_TEXTS.differs,
      note: "Outside.",
    });
    expect(calculation.bands).toEqual([
      { range: "£250,000.00 to £295,000.00", rate: "5%", tax: "£2,250.00" },
    ]);
  });
});

describe("the address's view mode and the form's defaults", () => {
  it("reads edit, consent and open from the address", () => {
    expect(sdltViewMode(new URLSearchParams("edit=tax-calculation"))).toEqual({
      kind: "edit",
      slug: "tax-calculation",
    });
    expect(sdltViewMode(new URLSearchParams("edit=nonsense&view=consent"))).toEqual({ kind: "consent" });
    expect(sdltViewMode(new URLSearchParams("open=property-details"))).toEqual({
      kind: "accordion",
      open: "property-details",
    });
  });

  it("turns saved values into the form's text: booleans, money in whole pounds, nested values", () => {
    expect(
      formDefaults({
        isClaimingRelief: false,
        taxPayable: 475_000,
        landDetails: { landAreaUnit: "HECTARES" },
        formCode: ["CASH"],
        reasonCode: null,
      }),
    ).toEqual({
      isClaimingRelief: "false",
      taxPayable: "4750",
      landDetails: { landAreaUnit: "HECTARES" },
      formCode: ["CASH"],
    });
  });
});

describe("a locked or cancelled workspace", () => {
  const lockReason = EDIT_LOCK_TOOLTIPS.locked;

  it("disables the questions with the lock as their reason", () => {
    const locked = view({
      details: details({ taxEligibilityStatus: null, taxApplication: null }),
      lockReason,
    });
    expect(locked.questions).toEqual({ disabledReason: lockReason });
    // Without the permission, the permission's reason stays.
    expect(
      view({
        details: details({ taxEligibilityStatus: null, taxApplication: null }),
        user: viewer,
        lockReason,
      }).questions,
    ).toEqual({ disabledReason: STAMP_DUTY_TEXTS.unauthorised });
  });

  it("offers no section form, no Edit and no consent, each with the lock as the reason", () => {
    const application = view({
      details: details({}, { canBePrepared: true }),
      mode: { kind: "edit", slug: "tax-calculation" },
      lockReason,
    }).application!;
    expect(application.sections.map((section) => section.mode)).toEqual(
      application.sections.map(() => "summary"),
    );
    expect(application.sections.every((section) => section.editHref === null)).toBe(true);
    expect(application.sections.map((section) => section.editRefusal)).toEqual(
      application.sections.map(() => lockReason),
    );
    expect(application.next).toEqual({
      href: "/workspaces/ws-1/stamp-duty?view=consent",
      reason: lockReason,
    });
    expect(
      view({ details: details({}, { canBePrepared: true }), mode: { kind: "consent" }, lockReason })
        .application!.consent,
    ).toBe(false);
  });

  it("does not offer reopening a prepared return, and says why", () => {
    const prepared = view({
      details: details({}, { taxApplicationStatus: "PREPARED", canBeReopened: true }),
      lockReason,
    }).application!.prepared;
    expect(prepared).toMatchObject({ reopen: false, refusal: lockReason });
    expect(
      view({ details: details({}, { taxApplicationStatus: "PREPARED", canBeReopened: true }) }).application!
        .prepared,
    ).toMatchObject({ reopen: true, refusal: null });
  });
});
