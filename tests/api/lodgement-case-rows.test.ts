/**
 * A read of the case's rows in one statement (provider/documents/case-rows.ts) answers the rows the separate
 * reads answer, with the same types (timestamps as Dates), for every workspace of the demo world, and the
 * case read in full answers each file's application from the case's documents as the files call does: on the
 * embedded database and, when DATABASE_URL is set, on PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LodgementCasesInFullResponseSchema } from "../../core/documents/case-read-api.js";
import { readCaseRows, type CaseRows } from "../../provider/documents/case-rows.js";
import { caseStateRows } from "../../provider/documents/lodgement.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { DEMO_SUBSCRIBERS, startTestProvider, type TestProvider } from "./support.js";

const L = "/api/lodgement/v1";
const WORKSPACE = DEMO_WORKSPACES.purchaseRequisitioned.workspaceId;
let product: TestProvider;
let attachedFileId: string;

beforeAll(async () => {
  product = await startTestProvider();
  const { db } = product;
  // The demo world holds no files: two on one case, one made into a document attached to an application.
  const { lodgement_case_id } = await db
    .selectFrom("lodgement_cases")
    .select("lodgement_case_id")
    .where("workspace_id", "=", WORKSPACE)
    .executeTakeFirstOrThrow();
  const application = await db
    .selectFrom("lodgement_documents")
    .select("document_id")
    .where("lodgement_case_id", "=", lodgement_case_id)
    .where("application_key", "is not", null)
    .orderBy("created_at")
    .executeTakeFirstOrThrow();
  const [attached, loose] = [randomUUID(), randomUUID()];
  attachedFileId = attached;
  for (const fileId of [attached, loose]) {
    await db
      .insertInto("lodgement_files")
      .values({
        file_id: fileId,
        lodgement_case_id,
        file_name: `evidence-${fileId.slice(0, 4)}.pdf`,
        document_type: "EVIDENCE",
        document_category: "SUPPORTING_DOCUMENT",
        size_bytes: 1234,
        sha256: "0".repeat(64),
        storage_key: `test/${fileId}`,
        upload_status: "SUCCESS",
        policy_owner: DEMO_SUBSCRIBERS.harperVale.subscriberId,
        policy: JSON.stringify([
          { principal: DEMO_SUBSCRIBERS.harperVale.subscriberId, decision: "ALLOW", action: "VIEW" },
        ]),
      })
      .execute();
  }
  await db
    .insertInto("lodgement_documents")
    .values({
      document_id: randomUUID(),
      lodgement_case_id,
      document_type: "EVIDENCE",
      document_category: "SUPPORTING_DOCUMENT",
      sub_type: "UPLOADED",
      name: "Evidence",
      parent_document_id: application.document_id,
      file_id: attached,
    })
    .execute();
  await db
    .insertInto("feature_flags")
    .values({
      environment: product.config.environment,
      name: "displayDischargeApplicationEnabled",
      enabled: true,
      updated_by: null,
    })
    .execute();
});

afterAll(async () => {
  await product?.close();
});

/** Money and sizes are bigint columns: text from the driver, numbers in JSON; every reader takes them through Number(). */
function numbersOf(rows: CaseRows): CaseRows {
  return {
    ...rows,
    documents: rows.documents.map((row) => ({
      ...row,
      transaction_value: row.transaction_value === null ? null : Number(row.transaction_value),
    })),
    requests: rows.requests.map((row) => ({ ...row, land_registry_fee: Number(row.land_registry_fee) })),
    files: rows.files.map((row) => ({ ...row, size_bytes: Number(row.size_bytes) })),
  };
}

/** The same rows read one statement at a time, as the case's read read them before. */
async function separately(workspaceId: string): Promise<CaseRows | undefined> {
  const { db, config } = product;
  const lodgementCase = await db
    .selectFrom("lodgement_cases")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  if (!lodgementCase) return undefined;
  const { parties, documents, requests, titleFacts } = await caseStateRows(db as never, {
    ...lodgementCase,
    hard_locked: false,
  });
  const [files, participants, featureFlags] = await Promise.all([
    db
      .selectFrom("lodgement_files")
      .selectAll()
      .where("lodgement_case_id", "=", lodgementCase.lodgement_case_id)
      .orderBy("created_at", "desc")
      .orderBy("file_id", "desc")
      .execute(),
    db
      .selectFrom("workspace_participants as p")
      .innerJoin("subscribers as s", "s.subscriber_id", "p.subscriber_id")
      .select(["p.subscriber_id", "s.name", "p.role", "s.entity_type"])
      .where("p.workspace_id", "=", workspaceId)
      .orderBy("s.name")
      .execute(),
    db
      .selectFrom("feature_flags")
      .select(["name", "enabled"])
      .where("environment", "=", config.environment)
      .execute(),
  ]);
  return {
    lodgementCase,
    parties,
    documents,
    requests,
    titleFacts: titleFacts!,
    files,
    participants,
    featureFlags,
  };
}

describe("the case's rows in one statement", () => {
  it("are the rows the separate reads answer, for every demo workspace", async () => {
    let withRequests = 0;
    let withTitles = 0;
    for (const { workspaceId } of Object.values(DEMO_WORKSPACES)) {
      const together = await readCaseRows(product.db, workspaceId, product.config.environment);
      const expected = await separately(workspaceId);
      expect(together && numbersOf(together), workspaceId).toEqual(expected && numbersOf(expected));
      expect(together?.lodgementCase.created_at, "timestamps are Dates").toBeInstanceOf(Date);
      if (together && together.requests.length > 0) withRequests++;
      if (together?.titleFacts.title) withTitles++;
    }
    expect(withRequests, "some cases hold requests, so they are compared").toBeGreaterThan(0);
    expect(withTitles, "some cases hold a title, so its register is compared").toBeGreaterThan(0);
    const held = await readCaseRows(product.db, WORKSPACE, product.config.environment);
    expect(held?.files).toHaveLength(2);
    expect(held?.featureFlags).toEqual([{ name: "displayDischargeApplicationEnabled", enabled: true }]);
  });

  it("answer nothing for a workspace without a case", async () => {
    expect(await readCaseRows(product.db, randomUUID(), product.config.environment)).toBeUndefined();
  });

  it("give the case read in full each file's application, as the files call answers it", async () => {
    const token = await product.loginToken("manager@harpervale.example");
    const full = await product.call(token, {
      method: "GET",
      url: `${L}/lodgement-cases?workspace_id=${WORKSPACE}&include=files`,
    });
    expect(full.statusCode, full.body).toBe(200);
    const { records, included } = LodgementCasesInFullResponseSchema.parse(full.json());
    const files = await product.call(token, {
      method: "GET",
      url: `${L}/lodgement-cases/${records[0]!.lodgementCaseId}/files`,
    });
    expect(included?.files).toEqual(files.json().records);
    expect(
      included?.files?.find((file) => file.fileId === attachedFileId)?.parentDocumentId,
      "the attached file names its application",
    ).toBeTruthy();
  });
});
