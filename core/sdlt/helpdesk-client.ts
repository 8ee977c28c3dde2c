/**
 * A workspace's stamp duty land tax return for the helpdesk (`convey sdlt status <workspace>`): the use-case
 * finds the workspace by id or reference (WS-…), reads its stamp duty details (core/sdlt/client.ts) and shapes
 * what the terminal prints: the decision of the initial questions and the authority, the application's status
 * and each section's, the tax the product calculated beside the tax entered, and the filing with the revenue.
 * Money is shown as the app shows it (£1,234.56 from the provider's pence); dates stay ISO strings.
 */
import { formatMoney } from "../shared/format-money.js";
import type { RequestContext } from "../shared/provider-client.js";
import { findWorkspace } from "../workspaces/overview-client.js";
import { statusLabel } from "../workspaces/status.js";
import { SDLT_SECTION_KEYS, type StampDutyDetails } from "./api.js";
import { sdltBandLabel } from "./calculation.js";
import { getStampDutyDetails } from "./client.js";
import {
  SDLT_SECTION_STATUS_LABELS,
  SDLT_SECTIONS,
  TAX_APPLICATION_STATUS_LABELS,
  TAX_AUTHORITY_LABELS,
  TAX_ELIGIBILITY_STATUS_LABELS,
  type SdltSectionSlug,
} from "./enums.js";

/** Shown for a decision not made yet (the initial questions are unanswered). */
export const NOT_ANSWERED = "Not answered";

export interface SdltStatusHeading {
  workspaceId: string;
  workspaceReferenceId: string;
  workspaceStatus: string;
  workspaceStatusLabel: string;
}

export interface SdltSectionRow {
  slug: SdltSectionSlug;
  title: string;
  status: string;
  statusLabel: string;
}

export interface SdltBandRow {
  /** As gov.uk writes it: "£125,001 to £250,000". */
  band: string;
  rate: string;
  tax: string;
}

export interface SdltStatus extends SdltStatusHeading {
  lodgementCaseId: string;
  version: number;
  taxEligibilityStatus: string | null;
  taxEligibilityLabel: string;
  revenueAuthority: string | null;
  revenueAuthorityLabel: string | null;
  /** The workspace's completion date, YYYY-MM-DD; null until set. */
  effectiveDateOfTransaction: string | null;
  /** null unless the return is submitted through the product. */
  taxApplication: {
    taxApplicationId: string;
    taxApplicationStatus: string;
    taxApplicationStatusLabel: string;
    canBePrepared: boolean;
    canBeReopened: boolean;
    sections: SdltSectionRow[];
    /** null until the tax calculation section is saved. */
    calculation: {
      calculated: boolean;
      calculatedTax: string | null;
      enteredTax: string;
      differs: boolean;
      rules: string | null;
      bands: SdltBandRow[];
      note: string;
    } | null;
    filing: {
      transactionReferenceNumber: string | null;
      submittedAt: string | null;
      filedAt: string | null;
      failureReason: string | null;
      attempts: number;
    };
  } | null;
}

/** The status from what was read: the workspace's heading and its stamp duty details. */
export function sdltStatusOf(heading: SdltStatusHeading, details: StampDutyDetails): SdltStatus {
  const application = details.taxApplication;
  return {
    ...heading,
    lodgementCaseId: details.lodgementCaseId,
    version: details.version,
    taxEligibilityStatus: details.taxEligibilityStatus,
    taxEligibilityLabel: details.taxEligibilityStatus
      ? TAX_ELIGIBILITY_STATUS_LABELS[details.taxEligibilityStatus]
      : NOT_ANSWERED,
    revenueAuthority: details.revenueAuthority,
    revenueAuthorityLabel: details.revenueAuthority ? TAX_AUTHORITY_LABELS[details.revenueAuthority] : null,
    effectiveDateOfTransaction: details.transactionDetails.effectiveDateOfTransaction,
    taxApplication: application && {
      taxApplicationId: application.taxApplicationId,
      taxApplicationStatus: application.taxApplicationStatus,
      taxApplicationStatusLabel: TAX_APPLICATION_STATUS_LABELS[application.taxApplicationStatus],
      canBePrepared: application.canBePrepared,
      canBeReopened: application.canBeReopened,
      // The sections in the form's order; purchaser details only when the workspace has buyer parties.
      sections: SDLT_SECTIONS.flatMap(({ slug, title }) => {
        const section = application.sections[SDLT_SECTION_KEYS[slug]];
        return section
          ? [{ slug, title, status: section.status, statusLabel: SDLT_SECTION_STATUS_LABELS[section.status] }]
          : [];
      }),
      calculation: application.calculation && {
        calculated: application.calculation.calculated,
        calculatedTax: application.calculation.tax === null ? null : formatMoney(application.calculation.tax),
        enteredTax: formatMoney(application.calculation.enteredTaxPayable),
        differs: application.calculation.differs,
        rules: application.calculation.rules,
        bands: application.calculation.bands.map((band) => ({
          band: sdltBandLabel({ from: band.from / 100, to: band.to === null ? null : band.to / 100 }),
          rate: `${band.rate}%`,
          tax: formatMoney(band.tax),
        })),
        note: application.calculation.note,
      },
      filing: { ...application.filing },
    },
  };
}

/** `convey sdlt status`: the workspace's SDLT return. */
export async function sdltStatus(ctx: RequestContext, referenceOrId: string): Promise<SdltStatus> {
  const workspace = await findWorkspace(ctx, referenceOrId);
  const details = await getStampDutyDetails(ctx, workspace.workspaceId);
  return sdltStatusOf(
    {
      workspaceId: workspace.workspaceId,
      workspaceReferenceId: workspace.workspaceReferenceId,
      workspaceStatus: workspace.status,
      workspaceStatusLabel: statusLabel(workspace.status),
    },
    details,
  );
}
