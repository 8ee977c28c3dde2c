import { describe, expect, it } from "vitest";
import { statusEnumerationTests } from "../shared/enumerations.test-helper.js";
import * as lodgement from "./enums.js";
import { APPLICATION_DOCUMENT_TYPE_LABELS, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, isRejectedRequest, MORTGAGE_DEED_REFERENCE_TYPE_LABELS } from "./enums.js";

describe("every status enumeration has a zod enum and a label for each value", () => {
  statusEnumerationTests([
    ["lodgement case statuses", lodgement.LODGEMENT_CASE_STATUSES, lodgement.LodgementCaseStatusSchema, lodgement.LODGEMENT_CASE_STATUS_LABELS],
    ["lodgement request statuses", lodgement.LODGEMENT_REQUEST_STATUSES, lodgement.LodgementRequestStatusSchema, lodgement.LODGEMENT_REQUEST_STATUS_LABELS],
    ["document categories", lodgement.DOCUMENT_CATEGORIES, lodgement.DocumentCategorySchema, lodgement.DOCUMENT_CATEGORY_LABELS],
    ["document sub-types", lodgement.DOCUMENT_SUB_TYPES, lodgement.DocumentSubTypeSchema, lodgement.DOCUMENT_SUB_TYPE_LABELS],
    ["file upload statuses", lodgement.FILE_UPLOAD_STATUSES, lodgement.FileUploadStatusSchema, lodgement.FILE_UPLOAD_STATUS_LABELS],
    ["task statuses", lodgement.TASK_STATUSES, lodgement.TaskStatusSchema, lodgement.TASK_STATUS_LABELS],
  ]);

  it("labels values in words, never the brand inside a contract value", () => {
    expect(lodgement.FILE_UPLOAD_STATUS_LABELS.VIRUS_FOUND).toBe("Virus found");
  });
});

describe("lodgement enumerations", () => {
  it("labels and rejected requests", () => {
    expect(DOCUMENT_TYPES.length).toBeGreaterThanOrEqual(38);
    expect(DOCUMENT_TYPE_LABELS.PG82_CERTIFICATE).toBe("PG82 certificate");
    expect(APPLICATION_DOCUMENT_TYPE_LABELS.TRANSFER_OF_WHOLE).toBe("Transfer of whole (TR1)");
    expect(MORTGAGE_DEED_REFERENCE_TYPE_LABELS).toEqual({ STANDARD: "Standard deed", DIGITAL: "Digital deed" });
    expect(isRejectedRequest({ rejectedAt: "2025-01-01" })).toBe(true);
    expect(isRejectedRequest({ rejectedAt: null })).toBe(false);
  });
});
