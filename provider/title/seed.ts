/**
 * The demo world's lodgement cases and titles (docs/demo-workspaces.md, "Title and proprietor match"): every
 * title panel view, every proprietor match status and every borrower validation banner on a demo workspace,
 * from the land registry sandbox's fixtures (docs/sandboxes.md). Only workspaces already in the demo world
 * are used, and each keeps the pending labels it had (list counts are unchanged): the states that raise an
 * exception task (a mismatch under review, a search to retry) are put on workspaces that already had that
 * task, or that are closed or cancelled (pending on nothing).
 *
 * Idempotent: a workspace whose case has already been searched is left as it is.
 */
import { randomUUID } from "node:crypto";
import type { DB, Trx } from "../platform/db/index.js";
import { DEMO_WORKSPACES, type DemoWorkspaceKey } from "../workspaces/seed.js";
import { createSandboxLandRegistry } from "./land-registry-sandbox.js";
import { unsupportedReasonsOf } from "../../core/title/register.js";
import { refreshProprietorMatch } from "./service.js";
import { renderRegisterPdf, titleDocumentStore } from "./register-pdf.js";

type Outcome = "SUCCESS" | "PENDING" | "NOT_FOUND" | "ERROR";

interface DemoTitlePlan {
  titleNumber: string;
  outcome: Outcome;
  /** Mismatch resolutions, by the party's current full name. */
  resolutions?: { party: string; resolution: "CHANGE_OF_NAME_APPLICATION" | "UPDATE_NAME_IN_WORKSPACE"; takeNameFromTitle?: { forenames: string; surname: string } }[];
  /** A seller party to add (a purchase's seller, matched with the title). */
  seller?: { organisationName: string; registrationNumber: string };
  /** What the demo shows (docs/demo-workspaces.md). */
  shows: string;
}

export const DEMO_TITLE_PLAN: Partial<Record<DemoWorkspaceKey, DemoTitlePlan>> = {
  remortgageReady: { titleNumber: "DN100002", outcome: "SUCCESS", shows: "success view, joint proprietors, MATCH, VALID (no banner)" },
  remortgageBorrowerMismatch: { titleNumber: "DN100004", outcome: "SUCCESS", shows: "NAME_MISMATCH, INVALID banner, review-title-information-mismatch task" },
  remortgageMustCancel: { titleNumber: "DN100009", outcome: "SUCCESS", shows: "COUNT_INVALID banner (two borrowers, one proprietor)" },
  remortgageTransferOfEquity: { titleNumber: "PD100202", outcome: "PENDING", shows: "pending view, PENDING match status and banner" },
  purchaseTwoSided: { titleNumber: "DN100015", outcome: "SUCCESS", shows: "purchase: NOT_REQUIRED match status and banner, an unmatched proprietor (the seller)" },
  remortgageApproved: {
    titleNumber: "DN100016",
    outcome: "SUCCESS",
    resolutions: [
      { party: "Daniel Okafor", resolution: "UPDATE_NAME_IN_WORKSPACE", takeNameFromTitle: { forenames: "Daniel James", surname: "Okafor" } },
      { party: "Ruth Okafor", resolution: "CHANGE_OF_NAME_APPLICATION" },
    ],
    shows: "PARTY_NAME_UPDATED (locked party), PROPRIETOR_NAME_CHANGE_REQUIRED, prepare-change-of-name-application task, VALID",
  },
  remortgageFundsAuthorised: { titleNumber: "DN100011", outcome: "SUCCESS", shows: "unsupported-title alert (individual lender), UNSUPPORTED_TYPE banner" },
  remortgageExchanged: { titleNumber: "DN100007", outcome: "SUCCESS", shows: "TYPE_MISMATCH, TYPE_INVALID banner" },
  purchaseExchangedOrganisation: {
    titleNumber: "DN100018",
    outcome: "SUCCESS",
    seller: { organisationName: "Harbourside Developments Ltd", registrationNumber: "07654321" },
    shows: "a seller with REGISTRATION_NUMBER_MISMATCH; buyers NOT_REQUIRED",
  },
  remortgageClosed: { titleNumber: "ER100500", outcome: "ERROR", shows: "search-error view (closed: read only)" },
  remortgageCancelled: { titleNumber: "NF100404", outcome: "NOT_FOUND", shows: "not-found view (cancelled: read only)" },
};

const registry = createSandboxLandRegistry();

/**
 * Puts a title search's outcome on a workspace's case as the sandbox answers it, forgetting what the case
 * held (its title, proprietor choices and the parties' resolutions), then re-derives the match. For the
 * demo world and for tests that need a workspace in a given title state.
 */
export async function putTitle(trx: Trx, dataDir: string, workspaceId: string, titleNumber: string, outcome: Outcome = "SUCCESS", now = new Date()): Promise<string> {
  const lodgementCase = await trx.selectFrom("lodgement_cases").selectAll().where("workspace_id", "=", workspaceId).executeTakeFirstOrThrow();
  const caseId = lodgementCase.lodgement_case_id;
  await trx.deleteFrom("titles").where("lodgement_case_id", "=", caseId).execute();
  await trx.deleteFrom("title_proprietor_choices").where("lodgement_case_id", "=", caseId).execute();
  await trx.deleteFrom("title_party_resolutions").where("workspace_id", "=", workspaceId).execute();
  let unsupported: string[] = [];
  if (outcome === "SUCCESS") {
    const answer = await registry.collectPendingSearch({ titleNumber, previousSearches: 0, now });
    if (answer.outcome !== "SUCCESS") throw new Error(`The sandbox has no register for ${titleNumber}`);
    const fileId = randomUUID();
    await trx
      .insertInto("titles")
      .values({ lodgement_case_id: caseId, title_number: titleNumber, register: JSON.stringify(answer.register), file_id: fileId, file_name: `${titleNumber}-register.pdf`, retrieved_at: now })
      .execute();
    // In a data folder the PDF is made now, so the demo's files are there from the start; otherwise (an
    // in-memory database, tests) at its first download (provider/title/service.ts, titleDocument).
    if (dataDir !== "memory://") await titleDocumentStore(dataDir).write(fileId, await renderRegisterPdf(answer.register, now));
    unsupported = unsupportedReasonsOf(answer.register.entries);
  }
  await trx
    .updateTable("lodgement_cases")
    .set({
      last_title_search_status: outcome,
      last_title_search_time: now,
      last_title_number: titleNumber,
      unsupported_reasons: JSON.stringify(unsupported),
      title_searches: 1,
    })
    .where("lodgement_case_id", "=", caseId)
    .execute();
  await refreshProprietorMatch(trx, workspaceId, now);
  return caseId;
}

async function applyPlan(trx: Trx, dataDir: string, workspaceId: string, plan: DemoTitlePlan, now: Date): Promise<void> {
  if (plan.seller) {
    const last = await trx.selectFrom("workspace_parties").select((eb) => eb.fn.max<number>("position").as("position")).where("workspace_id", "=", workspaceId).executeTakeFirst();
    await trx
      .insertInto("workspace_parties")
      .values({
        party_id: randomUUID(),
        workspace_id: workspaceId,
        position: (last?.position ?? -1) + 1,
        role: "SELLER",
        type: "ORGANISATION",
        forenames: null,
        surname: null,
        organisation_name: plan.seller.organisationName,
        registration_number: plan.seller.registrationNumber,
        organisation_type: "LIMITED_COMPANY",
        legal_entity_name: null,
      })
      .execute();
  }
  await putTitle(trx, dataDir, workspaceId, plan.titleNumber, plan.outcome, now);
  if (!plan.resolutions?.length) return;
  const parties = await trx.selectFrom("workspace_parties").select(["party_id", "forenames", "surname"]).where("workspace_id", "=", workspaceId).execute();
  for (const resolution of plan.resolutions) {
    const party = parties.find((candidate) => `${candidate.forenames} ${candidate.surname}` === resolution.party);
    if (!party) throw new Error(`No party ${resolution.party} in ${workspaceId}`);
    if (resolution.takeNameFromTitle) {
      await trx.updateTable("workspace_parties").set({ ...resolution.takeNameFromTitle, locked: true }).where("party_id", "=", party.party_id).execute();
    }
    await trx
      .insertInto("title_party_resolutions")
      .values({ party_id: party.party_id, workspace_id: workspaceId, resolution: resolution.resolution, proprietor_id: null, details: null })
      .execute();
  }
  await refreshProprietorMatch(trx, workspaceId, now);
}

/** Seeds the demo titles; answers whether anything was added. */
export async function seedDemoTitles(db: DB, dataDir: string, now = new Date()): Promise<boolean> {
  let added = false;
  for (const [key, plan] of Object.entries(DEMO_TITLE_PLAN) as [DemoWorkspaceKey, DemoTitlePlan][]) {
    const workspaceId = DEMO_WORKSPACES[key].workspaceId;
    await db.transaction().execute(async (trx) => {
      const lodgementCase = await trx.selectFrom("lodgement_cases").select(["last_title_search_status"]).where("workspace_id", "=", workspaceId).executeTakeFirst();
      if (!lodgementCase || lodgementCase.last_title_search_status !== null) return;
      await applyPlan(trx, dataDir, workspaceId, plan, now);
      added = true;
    });
  }
  return added;
}
