import { describe, expect, it } from "vitest";
import {
  applicationMissing,
  applicationStatusBeforeApproval,
  caseStatusBeforeLodgement,
  deedWithoutPreference,
  deriveApplications,
  isLodgedStatus,
  isSignedCopy,
  deriveLodgementTasks,
  restrictionMustGo,
  restrictionTypeOf,
} from "./applications.js";

const FORM_A =
  "RESTRICTION: No disposition by a sole proprietor of the registered estate (except a trust corporation) under which capital money arises is to be registered unless authorised by an order of the court.";
const CHARGEE =
  "RESTRICTION: No disposition of the registered estate by the proprietor of the registered estate is to be registered without a written consent signed by the proprietor for the time being of the Charge dated 12 March 2019 in favour of Harbour Building Society referred to in the Charges Register.";
const charge = (entryNumber: string, lender: string, chargeType = "REGISTERED_CHARGE") => ({
  entryNumber,
  type: "CHARGE",
  text: "",
  attributes: { chargeType, parties: [{ name: lender }] },
});
const parties = [
  { partyId: "b1", name: "Ann Smith", role: "BORROWER" },
  { partyId: "b2", name: "Ben Smith", role: "BORROWER" },
  { partyId: "s1", name: "Sam Seller", role: "SELLER" },
];

describe("deriveApplications", () => {
  it("a remortgage without a title: the mortgage charge for the borrowers only", () => {
    const applications = deriveApplications({ transactionType: "REMORTGAGE", parties, register: null, changeOfNamePartyIds: [] });
    expect(applications.map((a) => a.applicationKey)).toEqual(["MORTGAGE_DEED"]);
    expect(applications[0]!.applicationParties.map((p) => p.partyId)).toEqual(["b1", "b2"]);
  });
  it("a purchase adds the transfer of whole for the buyers", () => {
    const buyers = [{ partyId: "x", name: "X", role: "BUYER" }, ...parties];
    const applications = deriveApplications({ transactionType: "PURCHASE", parties: buyers, register: null, changeOfNamePartyIds: [] });
    expect(applications.map((a) => a.documentType)).toEqual(["MORTGAGE_DEED", "TRANSFER_OF_WHOLE"]);
    expect(applications[1]!.applicationParties.map((p) => p.partyId)).toEqual(["x"]);
  });
  it("one discharge per registered charge of the title; noted and equitable charges are left out", () => {
    const register = {
      entries: [charge("C1", "Harbour Building Society"), charge("C2", "Pennine Finance", "NOTED_CHARGE"), charge("C3", "Meridian")],
      restrictions: [],
    };
    const applications = deriveApplications({ transactionType: "REMORTGAGE", parties, register, changeOfNamePartyIds: [] });
    expect(applications.filter((a) => a.documentType === "DISCHARGE").map((a) => [a.applicationKey, a.chargeIdentifier, a.name])).toEqual([
      ["DISCHARGE:C1", "C1", "Discharge of charge C1 (Harbour Building Society)"],
      ["DISCHARGE:C3", "C3", "Discharge of charge C3 (Meridian)"],
    ]);
  });
  it("without a title, one discharge per outgoing lender party", () => {
    const withLender = [...parties, { partyId: "l1", name: "Old Bank", role: "OUTGOING_LENDER" }];
    const applications = deriveApplications({ transactionType: "REMORTGAGE", parties: withLender, register: null, changeOfNamePartyIds: [] });
    expect(applications.map((a) => a.applicationKey)).toEqual(["MORTGAGE_DEED", "DISCHARGE:l1"]);
  });
  it("a change of name for each party resolved with a change-of-name application", () => {
    const applications = deriveApplications({ transactionType: "REMORTGAGE", parties, register: null, changeOfNamePartyIds: ["b2", "gone"] });
    expect(applications.map((a) => a.applicationKey)).toEqual(["MORTGAGE_DEED", "CHANGE_OF_NAME:b2"]);
    expect(applications[1]!.name).toBe("Change of name (Ben Smith)");
  });
  it("a chargee's restriction must be cancelled; a Form A restriction stays", () => {
    const register = {
      entries: [charge("C1", "Harbour Building Society")],
      restrictions: [
        { entryNumber: "B3", text: FORM_A },
        { entryNumber: "B4", text: CHARGEE },
      ],
    };
    const applications = deriveApplications({ transactionType: "REMORTGAGE", parties, register, changeOfNamePartyIds: [] });
    const cancel = applications.filter((a) => a.documentType === "CANCEL_A_RESTRICTION");
    expect(cancel.map((a) => [a.applicationKey, a.entryNumber, a.restrictionType])).toEqual([["CANCEL_A_RESTRICTION:B4", "B4", "FORM_P"]]);
    expect(restrictionMustGo(FORM_A)).toBe(false);
    expect(restrictionTypeOf(FORM_A)).toBe("FORM_A");
    expect(restrictionTypeOf("RESTRICTION: something else")).toBe("OTHER");
  });
});

describe("application status", () => {
  const flags = { signaturePreferenceEnabled: true, considerationTypeEnabled: true };
  const mortgage = { documentType: "MORTGAGE_DEED", transactionValue: null, mortgageDeedReference: null, signatureType: null, considerationType: null, signed: false, supportingDocumentTypes: [] as string[] };
  it("a mortgage charge needs its value, deed preference with signature and a signed deed", () => {
    expect(applicationMissing(mortgage, flags)).toEqual(["transactionValue", "deedPreference", "signedDeed"]);
    expect(deedWithoutPreference({ ...mortgage, mortgageDeedReference: "MD1234A" }, flags)).toBe(true);
    expect(deedWithoutPreference({ ...mortgage, mortgageDeedReference: "MD1234A" }, { ...flags, signaturePreferenceEnabled: false })).toBe(false);
    const ready = { ...mortgage, transactionValue: 100, mortgageDeedReference: "MD1234A", signatureType: "WET_INK_SIGNATURE", signed: true };
    expect(applicationStatusBeforeApproval(ready, flags)).toBe("PREPARED");
    expect(applicationStatusBeforeApproval(mortgage, flags)).toBe("CREATED");
  });
  it("a transfer needs its value (0 counts), signature and consideration type", () => {
    const transfer = { ...mortgage, documentType: "TRANSFER_OF_WHOLE" };
    expect(applicationMissing(transfer, flags)).toEqual(["transactionValue", "deedPreference", "considerationType"]);
    expect(applicationMissing({ ...transfer, transactionValue: 0, signatureType: "WET_INK_SIGNATURE", considerationType: "NO_MONETARY_CONSIDERATION" }, flags)).toEqual([]);
    expect(applicationMissing({ ...transfer, transactionValue: 0 }, { signaturePreferenceEnabled: false, considerationTypeEnabled: false })).toEqual([]);
  });
  it("signed copies: the application's own type, or a deed for a mortgage or transfer", () => {
    expect(isSignedCopy("MORTGAGE_DEED", "MORTGAGE_DEED")).toBe(true);
    expect(isSignedCopy("TRANSFER_OF_WHOLE", "DEED")).toBe(true);
    expect(isSignedCopy("CANCEL_A_RESTRICTION", "DEED")).toBe(false);
    expect(isSignedCopy("MORTGAGE_DEED", "EVIDENCE")).toBe(false);
  });
  it("a discharge needs nothing; a change of name and a restriction cancellation need a document", () => {
    expect(applicationMissing({ ...mortgage, documentType: "DISCHARGE" }, flags)).toEqual([]);
    expect(applicationMissing({ ...mortgage, documentType: "CHANGE_OF_NAME" }, flags)).toEqual(["supportingDocument"]);
    expect(applicationMissing({ ...mortgage, documentType: "CANCEL_A_RESTRICTION", supportingDocumentTypes: ["DEED"] }, flags)).toEqual([]);
  });
  it("the case status follows its applications", () => {
    expect(caseStatusBeforeLodgement([], false)).toBe("CREATED");
    expect(caseStatusBeforeLodgement(["PREPARED", "CREATED"], false)).toBe("CREATED");
    expect(caseStatusBeforeLodgement(["PREPARED", "PREPARED"], false)).toBe("PREPARED");
    expect(caseStatusBeforeLodgement(["PREPARED"], true)).toBe("APPROVED");
  });
});

describe("deriveLodgementTasks", () => {
  const task = (taskName: string, status: "PENDING" | "COMPLETED" = "PENDING") => ({ taskName, status, assigneeRole: null, completedBy: null, completedAt: null });
  const input = { lodgementCaseStatus: "PREPARED", applicationsApproved: false, transferOfWholeComplete: null, companiesHouseEvidence: false, lawFirmRole: "BUYER_REPRESENTATIVE" };
  it("completes approval on approval and reopens it on unapproval; never adds it", () => {
    const tasks = [task("approve-hmlr-applications-for-settlement"), task("approve-workspace")];
    const approved = deriveLodgementTasks(tasks, { ...input, applicationsApproved: true }, "u1", "t");
    expect(approved[0]).toMatchObject({ status: "COMPLETED", completedBy: "u1", completedAt: "t" });
    expect(approved[1]).toBe(tasks[1]);
    expect(deriveLodgementTasks(approved, input, "u1", "t")[0]!.status).toBe("PENDING");
    expect(deriveLodgementTasks([], input, "u1", "t")).toEqual([]);
  });
  it("the transfer task follows the transfer's information", () => {
    const tasks = [task("add-transfer-of-whole-information")];
    expect(deriveLodgementTasks(tasks, { ...input, transferOfWholeComplete: false }, "u", "t")[0]!.status).toBe("PENDING");
    expect(deriveLodgementTasks(tasks, { ...input, transferOfWholeComplete: true }, "u", "t")[0]!.status).toBe("COMPLETED");
  });
  it("submission completes on lodgement; a requisition adds its task, which completes once answered", () => {
    const tasks = [task("submit-applications-to-hmlr")];
    const requisitioned = deriveLodgementTasks(tasks, { ...input, lodgementCaseStatus: "REQUISITIONED" }, "SYSTEM", "t");
    expect(requisitioned.map((t) => [t.taskName, t.status, t.assigneeRole])).toEqual([
      ["submit-applications-to-hmlr", "COMPLETED", null],
      ["respond-to-requisition", "PENDING", "BUYER_REPRESENTATIVE"],
    ]);
    const answered = deriveLodgementTasks(requisitioned, { ...input, lodgementCaseStatus: "REQUISITION_SUBMITTED" }, "u", "t2");
    expect(answered[1]).toMatchObject({ status: "COMPLETED", completedBy: "u" });
    expect(isLodgedStatus("REGISTERED_EXTERNALLY")).toBe(true);
    expect(isLodgedStatus("APPROVED")).toBe(false);
  });
});
