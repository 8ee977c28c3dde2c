import { describe, expect, it } from "vitest";
import {
  APPROVAL_STATEMENT_MESSAGE,
  approvalStatements,
  approvalStatementsSchema,
  CertificationSchema,
  deedPreferenceSchema,
  deedReferenceOptions,
  defaultConsiderationType,
  documentUploadSchema,
  looksLikePdf,
  looksSecured,
  transactionValueFormSchema,
  UPLOAD_MESSAGES,
  UPLOAD_REJECTION_MESSAGES,
  uploadFileProblem,
  uploadGrantees,
} from "./schemas.js";
import { errors } from "../shared/schema-errors.test-helper.js";


describe("documents", () => {
  const pdf = { name: "deed.pdf", size: 1000, type: "application/pdf" };
  it("upload: PDF only, under 20 MB", () => {
    const schema = documentUploadSchema({ requisitioned: false, participantSelectionEnabled: false });
    expect(schema.safeParse({ file: pdf, documentType: "DEED" }).success).toBe(true);
    expect(errors(schema, { file: { ...pdf, size: 20_971_519 }, documentType: "DEED" })).toEqual({});
    expect(errors(schema, { file: { ...pdf, size: 20_971_520 }, documentType: "DEED" }).file).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(errors(schema, { file: { ...pdf, type: "image/png" }, documentType: "DEED" }).file).toBe(UPLOAD_MESSAGES.notPdf);
    expect(errors(schema, { file: { name: "a.PDF", size: 1 }, documentType: "DEED" })).toEqual({});
    expect(errors(schema, { file: { name: "a.doc", size: 1 }, documentType: "DEED" }).file).toBe(UPLOAD_MESSAGES.notPdf);
    expect(errors(schema, { documentType: "DEED" }).file).toBe(UPLOAD_MESSAGES.fileRequired);
    expect(errors(schema, { file: pdf }).documentType).toBe(UPLOAD_MESSAGES.documentTypeRequired);
  });
  it("upload: not password protected or secured, with the spec's message", () => {
    const schema = documentUploadSchema({ requisitioned: false, participantSelectionEnabled: false });
    expect(errors(schema, { file: { ...pdf, encrypted: true }, documentType: "DEED" }).file).toBe(
      "Your file is secured or restricted from editing. Please check the file and remove any applicable restrictions and upload again.",
    );
    expect(errors(schema, { file: { ...pdf, encrypted: false }, documentType: "DEED" })).toEqual({});
    // A file that is not a PDF at all is refused as such first.
    expect(uploadFileProblem({ name: "a.doc", size: 1, encrypted: true })).toBe(UPLOAD_MESSAGES.notPdf);
    expect(uploadFileProblem({ ...pdf, encrypted: true })).toBe(UPLOAD_REJECTION_MESSAGES.secured);
  });
  it("recognises a secured PDF by its encryption dictionary", () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(looksSecured(encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer\n<</Root 1 0 R/Encrypt 5 0 R>>\n%%EOF"))).toBe(true);
    expect(looksSecured(encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer\n<</Root 1 0 R>>\n%%EOF"))).toBe(false);
    expect(looksSecured(encode("/Encryp"))).toBe(false);
    expect(looksSecured(new Uint8Array())).toBe(false);
  });
  it("certification for requisitioned cases, participants otherwise with the feature on", () => {
    const requisitioned = documentUploadSchema({ requisitioned: true, participantSelectionEnabled: true });
    expect(errors(requisitioned, { file: pdf, documentType: "DEED" })).toEqual({ certificationType: UPLOAD_MESSAGES.certificationRequired });
    const withParticipants = documentUploadSchema({ requisitioned: false, participantSelectionEnabled: true });
    expect(errors(withParticipants, { file: pdf, documentType: "DEED", participants: [] }).participants).toBe(UPLOAD_MESSAGES.participantsRequired);
    expect(errors(withParticipants, { file: pdf, documentType: "DEED" }).participants).toBe(UPLOAD_MESSAGES.participantsRequired);
    expect(withParticipants.safeParse({ file: pdf, documentType: "DEED", participants: ["s1"] }).success).toBe(true);
    expect(uploadGrantees("me", ["b", "me", "a", "b"])).toEqual(["me", "b", "a"]);
  });
  it("recognises PDF bytes", () => {
    expect(looksLikePdf(new TextEncoder().encode("%PDF-1.7"))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode("PK"))).toBe(false);
  });
  it("certification dialog", () => {
    expect(errors(CertificationSchema, {})).toEqual({ certificationType: "Certification is required", parentDocumentId: "Application is required" });
  });
  it("transaction value form", () => {
    expect(transactionValueFormSchema({ transferOfWhole: true }).parse({ transactionValue: "0" })).toEqual({ transactionValue: 0 });
    expect(errors(transactionValueFormSchema({ transferOfWhole: false }), { transactionValue: "0" }).transactionValue).toBe("Enter a valid transaction value");
  });
  it("deed preference, signature and consideration", () => {
    const all = deedPreferenceSchema({ signaturePreferenceEnabled: true, considerationTypeRequired: true });
    expect(errors(all, {})).toEqual({
      mortgageDeedReference: "Deed preference is required",
      mortgageDeedReferenceType: "Deed preference is required",
      signatureType: "Signature preference is required",
      considerationType: "Consideration type is required",
    });
    const none = deedPreferenceSchema({ signaturePreferenceEnabled: false, considerationTypeRequired: false });
    expect(none.safeParse({ mortgageDeedReference: "MD1", mortgageDeedReferenceType: "DIGITAL" }).success).toBe(true);
    expect(defaultConsiderationType("PURCHASE")).toBe("MONETARY_CONSIDERATION");
    expect(defaultConsiderationType("REMORTGAGE")).toBeUndefined();
  });
  it("deed reference options", () => {
    const refs = [
      { id: "d", mortgageDeedReferenceType: "DIGITAL" },
      { id: "s", mortgageDeedReferenceType: "STANDARD" },
    ];
    expect(deedReferenceOptions(refs, { transactionType: "REMORTGAGE", hasOrganisationParty: false }).options.map((r) => r.id)).toEqual(["d", "s"]);
    expect(deedReferenceOptions(refs, { transactionType: "PURCHASE", hasOrganisationParty: false })).toEqual({ options: [refs[1]], autoSelected: refs[1] });
    expect(deedReferenceOptions(refs, { transactionType: "REMORTGAGE", hasOrganisationParty: true }).autoSelected).toBe(refs[1]);
  });
  it("approval statements: two always, the law firm one with an external firm", () => {
    expect(approvalStatements(false)).toEqual(["applicantIdentity", "dataAccuracy"]);
    expect(approvalStatements(true)).toHaveLength(3);
    expect(errors(approvalStatementsSchema(true), { applicantIdentity: "on", dataAccuracy: "on" })).toEqual({ lawFirmIdentity: APPROVAL_STATEMENT_MESSAGE });
    expect(approvalStatementsSchema(false).safeParse({ applicantIdentity: "on", dataAccuracy: "on" }).success).toBe(true);
  });
});
