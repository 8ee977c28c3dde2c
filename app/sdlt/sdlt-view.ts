/**
 * What the Stamp duty tab shows (document 3 sections 2.3, 4.5, 6 and 8.3), decided on the server from the
 * stamp duty details the provider answers, the user's permissions in the workspace and the view mode asked
 * for in the address (`?edit=<section>`, `?view=consent`, `?open=<section>`): the initial questions or the
 * notice of the eligibility status, the summary of transaction details, the five sections as accordions with
 * their badge and mode (summary, form, edit form), the Next button, the consent form, the prepared notice with
 * its reopen link, and the filing status. Every action the user may not take is hidden, or disabled with its
 * reason as visible text (section 6). Pure: no I/O.
 */
import { can, type PermissionSubject, type WorkspaceContext } from "../../core/shared/permissions/actions.js";
import { addressLine } from "../../core/shared/address.js";
import { formatMoney } from "../../core/shared/format-money.js";
import { formatDetailDate, formatDocumentDateTime } from "../../core/shared/format-dates.js";
import { labelOf } from "../../core/shared/labels.js";
import {
  CERTIFICATE_ADDRESS_LABELS,
  FORM_OF_CONSIDERATION_LABELS,
  IDENTIFICATION_TYPE_LABELS,
  INTEREST_TRANSFERRED_LABELS,
  LAND_AREA_UNIT_LABELS,
  PROPERTY_TYPE_LABELS,
  RELIEF_REASON_CODE_LABELS,
  SDLT_SECTION_PATHS,
  SDLT_SECTION_STATUS_LABELS,
  SDLT_SECTIONS,
  TAX_APPLICATION_STATUS_LABELS,
  TAX_AUTHORITY_LABELS,
  TRANSACTION_DESCRIPTION_LABELS,
  visibleSdltSections,
  type SdltSectionSlug,
} from "../../core/sdlt/enums.js";
import {
  canProceedToConsent,
  missingValueText,
  sdltSectionMode,
  stampDutyView,
  STAMP_DUTY_TEXTS,
  vatDisplay,
  type StampDutyView,
} from "../../core/sdlt/rules.js";
import { isAgentRequired } from "../../core/sdlt/schemas.js";
import { SDLT_SECTION_KEYS as SECTION_KEYS, type StampDutyDetails } from "../../core/sdlt/api.js";
import { SDLT_CALCULATION_NOTE } from "../../core/sdlt/calculation.js";

export type SdltViewMode =
  | { kind: "accordion"; open: SdltSectionSlug | null }
  | { kind: "edit"; slug: SdltSectionSlug }
  | { kind: "consent" };

export interface SdltViewInput {
  details: StampDutyDetails;
  user: PermissionSubject;
  workspace: WorkspaceContext;
  /**
   * Why the workspace can no longer be edited (cancelled or locked, core/workspaces/status.ts), or null: every
   * write of the tab is then disabled with this reason instead of being refused after a submit.
   */
  lockReason?: string | null;
  basePath: string;
  mode: SdltViewMode;
}

export interface Row {
  term: string;
  value: string;
}

export interface SectionView {
  slug: SdltSectionSlug;
  title: string;
  /** The PUT path segment (tax-calculation → tax-calculation-details). */
  path: string;
  status: "PENDING" | "COMPLETED";
  badge: string;
  /** summary: read-only rows; form: the section's form (first entry); edit: the edit form titled 'Edit …'. */
  mode: "summary" | "form" | "edit";
  open: boolean;
  rows: Row[];
  /** The Edit link (a completed section, status CREATED, edit permission). */
  editHref: string | null;
  /** Why Edit is not offered to this user although the section could be edited. */
  editRefusal: string | null;
  /** The form's initial values, as the form's text (booleans "true"/"false", money in pounds). */
  defaults: Record<string, unknown>;
}

export interface FilingView {
  status: string;
  statusLabel: string;
  kind: "waiting" | "in-progress" | "filed" | "failed";
  message: string;
  rows: Row[];
}

export interface SdltApplicationView {
  taxId: string;
  taxApplicationId: string;
  status: string;
  statusLabel: string;
  guide: string | null;
  /** The PREPARED notice; `reopen` when this user may reopen (add and edit). */
  prepared: { text: string; reopen: boolean; refusal: string | null } | null;
  mode: SdltViewMode["kind"];
  sections: SectionView[];
  /** The Next button: null when hidden; `reason` when disabled. */
  next: { href: string; reason: string | null } | null;
  consent: boolean;
  filing: FilingView | null;
  calculation: CalculationView | null;
  /** Context for the section schemas (tax calculation, agent details). */
  context: {
    propertyType?: string;
    transactionDescription?: string;
    agentRequired: boolean;
    agentAddressShown: boolean;
  };
  purchasers: { id: string; name: string }[];
  propertyAddress: string | null;
}

export interface SdltView {
  basePath: string;
  lodgementCaseId: string;
  version: number;
  show: StampDutyView;
  /** The workspace's lock (cancelled or locked): shown once, and the reason of every action disabled by it. */
  lockReason: string | null;
  notice: string | null;
  authority: string | null;
  questions: { disabledReason: string | null } | null;
  transactionSummary: Row[];
  application: SdltApplicationView | null;
}

export const SDLT_VIEW_TEXTS = {
  nextDisabled: "Complete every section to continue.",
  waiting: "The return will be submitted automatically on the completion date.",
  inProgress: "The return has been submitted to HMRC and is waiting for its answer.",
  filed: "The return has been filed with HMRC.",
  failed: "The return could not be filed with HMRC.",
  differs:
    "The tax payable you entered differs from the calculated tax. Check the figures before you consent.",
} as const;

const yesNo = (value: unknown) => (value === true ? "Yes" : value === false ? "No" : null);
const money = (value: unknown) =>
  typeof value === "number"
    ? formatMoney(value)
    : typeof value === "string" && value.trim()
      ? `£${value}`
      : null;
const text = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value : typeof value === "number" ? String(value) : null;
const date = (value: unknown) => (typeof value === "string" && value ? formatDetailDate(value) : null);
const labelled = (labels: Record<string, string>) => (value: unknown) =>
  typeof value === "string" && value ? labelOf(labels, value) : null;
const address = (value: unknown) =>
  value && typeof value === "object"
    ? addressLine(value as Record<string, string>) || null
    : typeof value === "string"
      ? value
      : null;

function field(data: Record<string, unknown>, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined,
      data,
    );
}

type Shown = [term: string, path: string, show: (value: unknown) => string | null];

/** The summary rows of each section: term, the payload's field, how the value shows. */
const SUMMARY_FIELDS: Record<Exclude<SdltSectionSlug, "purchaser-details">, Shown[]> = {
  "transaction-details": [
    ["Property type", "propertyType", labelled(PROPERTY_TYPE_LABELS)],
    ["Effective date of transaction", "effectiveDateOfTransaction", date],
    ["Contract date", "contractDate", date],
    ["Transaction description", "transactionDescription", labelled(TRANSACTION_DESCRIPTION_LABELS)],
    ["Interest transferred", "interestTransferred", labelled(INTEREST_TRANSFERRED_LABELS)],
    ["Restrictions affecting the property", "restrictionsAffecting", yesNo],
    ["Restrictions details", "restrictionsDetails", text],
    ["Land exchanged", "landExchanged", yesNo],
    ["Land exchanged address", "landExchangedAddress", address],
    ["Pursuant to an option", "pursuantToOption", yesNo],
  ],
  "property-details": [
    ["Number of properties", "noOfProperties", text],
    ["Title number", "titleNumber", text],
    ["Local authority number", "laNumber", text],
    ["NLPG UPRN", "nlpgUprn", text],
    ["Land area", "landDetails.landArea", text],
    ["Land area unit", "landDetails.landAreaUnit", labelled(LAND_AREA_UNIT_LABELS)],
    ["Plan attached", "planAttached", yesNo],
  ],
  "tax-calculation": [
    ["Claiming relief", "isClaimingRelief", yesNo],
    ["Relief reason", "reasonCode", labelled(RELIEF_REASON_CODE_LABELS)],
    ["Scheme number", "schemeNumber", text],
    ["Amount chargeable", "amountChargeable", money],
    ["Total consideration", "totalConsideration", money],
    [
      "VAT amount charged",
      "vatAmountCharged",
      (value) => (typeof value === "number" ? `£${vatDisplay(value)}` : null),
    ],
    [
      "Forms of consideration",
      "formCode",
      (value) =>
        Array.isArray(value) && value.length
          ? value.map((code) => labelOf(FORM_OF_CONSIDERATION_LABELS, String(code))).join(", ")
          : null,
    ],
    ["Linked transaction", "isLinkedTransaction", yesNo],
    ["Linked transaction total", "linkedTransactionTotal", money],
    ["Tax payable", "taxPayable", money],
    ["Amount paid", "amountPaid", money],
    ["Amount paid includes penalties", "isAmountPaidIncludePenalties", yesNo],
  ],
  "purchaser-agent-details": [
    ["Agent name", "agentName", text],
    ["Agent address", "agentAddress", address],
    ["Agent reference", "agentReference", text],
    ["Agent phone number", "agentPhoneNumber", text],
  ],
};

/** Rows that only apply after an answer: shown in the summary only when that answer was given. */
const CONDITIONAL_ROWS: Record<string, (data: Record<string, unknown>) => boolean> = {
  restrictionsDetails: (data) => data.restrictionsAffecting === true,
  landExchangedAddress: (data) => data.landExchanged === true,
  reasonCode: (data) => data.isClaimingRelief === true,
  schemeNumber: (data) =>
    data.isClaimingRelief === true &&
    (data.reasonCode === "PART_EXCHANGE" || data.reasonCode === "CHARITIES_RELIEF"),
  amountChargeable: (data) =>
    data.isClaimingRelief === true && data.amountChargeable !== undefined && data.amountChargeable !== null,
  linkedTransactionTotal: (data) => data.isLinkedTransaction === true,
};

function purchaserRows(
  data: Record<string, unknown>,
  purchasers: { id: string; name: string }[],
  missing: string,
): Row[] {
  const rows: Row[] = [];
  const nameOf = (value: Record<string, unknown> | undefined, index: number) =>
    (value?.id ? purchasers.find((p) => p.id === value.id)?.name : undefined) ??
    purchasers[index]?.name ??
    `Purchaser ${index + 1}`;
  const primary = (data.primaryPurchaser ?? undefined) as Record<string, unknown> | undefined;
  const add = (term: string, value: string | null) => rows.push({ term, value: value ?? missing });
  const name = nameOf(primary, 0);
  add(`${name}: title`, text(primary?.title));
  add(`${name}: address`, address(primary?.address));
  const identification = (primary?.identification ?? {}) as Record<string, unknown>;
  add(`${name}: identification type`, labelled(IDENTIFICATION_TYPE_LABELS)(identification.type));
  add(`${name}: identification number`, text(identification.identificationNumber));
  if (identification.type === "NATIONAL_INSURANCE_NUMBER")
    add(`${name}: date of birth`, date(identification.dateOfBirth));
  add(`${name}: acting as trustee`, yesNo(primary?.actingAsTrustee));
  add(`${name}: connected to the vendor`, yesNo(primary?.connectedToVendor));
  add(`${name}: certificate address`, labelled(CERTIFICATE_ADDRESS_LABELS)(primary?.certificateAddress));
  add(`${name}: authorised agent`, yesNo(primary?.authorisedAgent));
  const others = [
    data.additionalPurchaser,
    ...((data.stampDuty2Purchasers as unknown[] | undefined) ?? []),
  ].filter(Boolean) as Record<string, unknown>[];
  const shownOthers = others.length > 0 ? others : purchasers.slice(1).map((p) => ({ id: p.id }));
  shownOthers.forEach((other, index) => {
    const otherName = nameOf(other, index + 1);
    add(`${otherName}: title`, text(other.title));
    add(`${otherName}: address`, address(other.address));
    add(`${otherName}: acting as trustee`, yesNo(other.actingAsTrustee));
    if (index > 0) add(`${otherName}: connected to the vendor`, yesNo(other.connectedToVendor));
  });
  return rows;
}

function summaryRows(
  slug: SdltSectionSlug,
  data: Record<string, unknown>,
  details: StampDutyDetails,
  missing: string,
): Row[] {
  if (slug === "purchaser-details")
    return purchaserRows(data, details.transactionDetails.purchasers, missing);
  const readOnly: Record<string, unknown> = {
    effectiveDateOfTransaction: details.transactionDetails.effectiveDateOfTransaction,
    titleNumber: details.transactionDetails.titleNumber,
    noOfProperties: 1,
  };
  return SUMMARY_FIELDS[slug]
    .filter(([, path]) => !CONDITIONAL_ROWS[path] || CONDITIONAL_ROWS[path](data))
    .map(([term, path, show]) => ({ term, value: show(field({ ...readOnly, ...data }, path)) ?? missing }));
}

/** The saved payload as form text: booleans "true"/"false", money (pence) in whole pounds, nested as it is. */
export function formDefaults(
  value: unknown,
  moneyFields: ReadonlySet<string> = MONEY_FIELDS,
  key = "",
): unknown {
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number")
    return moneyFields.has(key) ? String(Math.trunc(value / 100)) : String(value);
  if (Array.isArray(value)) return value.map((item) => formDefaults(item, moneyFields));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== null && inner !== undefined)
        .map(([inner, innerValue]) => [inner, formDefaults(innerValue, moneyFields, inner)]),
    );
  }
  return value;
}

export const MONEY_FIELDS: ReadonlySet<string> = new Set([
  "amountChargeable",
  "totalConsideration",
  "vatAmountCharged",
  "linkedTransactionTotal",
  "taxPayable",
  "amountPaid",
]);

function sectionDefaults(
  slug: SdltSectionSlug,
  data: Record<string, unknown> | null,
  details: StampDutyDetails,
): Record<string, unknown> {
  const saved = (formDefaults(data ?? {}) as Record<string, unknown>) ?? {};
  switch (slug) {
    case "transaction-details":
      return {
        ...saved,
        effectiveDateOfTransaction: details.transactionDetails.effectiveDateOfTransaction ?? "",
      };
    case "property-details":
      return {
        ...saved,
        titleNumber: details.transactionDetails.titleNumber ?? "",
        landDetails: { landAreaUnit: "HECTARES", ...((saved.landDetails as Record<string, unknown>) ?? {}) },
      };
    case "purchaser-details": {
      // One entry per purchaser of the workspace: the first primary, the second additional, the rest second-form purchasers.
      const [first, second, ...rest] = details.transactionDetails.purchasers;
      const savedOthers = (saved.stampDuty2Purchasers as Record<string, unknown>[] | undefined) ?? [];
      const otherTitle = (entry: Record<string, unknown> | undefined) => {
        const title = entry?.title;
        return typeof title === "string" && !["Mr", "Mrs", "Miss", "Ms", "Mx", "Other"].includes(title)
          ? { title: "Other", otherTitle: title }
          : {};
      };
      const primary = (saved.primaryPurchaser as Record<string, unknown> | undefined) ?? {};
      const additional = (saved.additionalPurchaser as Record<string, unknown> | undefined) ?? {};
      return {
        primaryPurchaser: { ...primary, ...otherTitle(primary), id: first?.id },
        ...(second
          ? { additionalPurchaser: { ...additional, ...otherTitle(additional), id: second.id } }
          : {}),
        stampDuty2Purchasers: rest.map((purchaser, index) => ({
          ...savedOthers[index],
          ...otherTitle(savedOthers[index]),
          id: purchaser.id,
        })),
      };
    }
    default:
      return saved;
  }
}

function filingView(application: NonNullable<StampDutyDetails["taxApplication"]>): FilingView | null {
  const status = application.taxApplicationStatus;
  if (status === "CREATED") return null;
  const filing = application.filing;
  const rows: Row[] = [];
  if (filing.submittedAt) rows.push({ term: "Submitted", value: formatDocumentDateTime(filing.submittedAt) });
  if (filing.filedAt) rows.push({ term: "Filed", value: formatDocumentDateTime(filing.filedAt) });
  if (filing.transactionReferenceNumber)
    rows.push({ term: "Transaction reference number", value: filing.transactionReferenceNumber });
  if (filing.attempts > 0) rows.push({ term: "Submission attempts", value: String(filing.attempts) });
  const statusLabel = labelOf(TAX_APPLICATION_STATUS_LABELS, status);
  switch (status) {
    case "PREPARED":
    case "READY":
      return { status, statusLabel, kind: "waiting", message: SDLT_VIEW_TEXTS.waiting, rows };
    case "SUBMITTED":
    case "POLL_INITIATED":
      return { status, statusLabel, kind: "in-progress", message: SDLT_VIEW_TEXTS.inProgress, rows };
    case "FILED":
      return { status, statusLabel, kind: "filed", message: SDLT_VIEW_TEXTS.filed, rows };
    default:
      return {
        status,
        statusLabel,
        kind: "failed",
        message: filing.failureReason
          ? `${SDLT_VIEW_TEXTS.failed} ${filing.failureReason}`
          : SDLT_VIEW_TEXTS.failed,
        rows,
      };
  }
}

export interface CalculationView {
  calculated: boolean;
  tax: string | null;
  rules: string | null;
  bands: { range: string; rate: string; tax: string }[];
  entered: string;
  differs: boolean;
  differenceNote: string | null;
  note: string;
}

function calculationView(
  calculation: NonNullable<StampDutyDetails["taxApplication"]>["calculation"],
): CalculationView | null {
  if (!calculation) return null;
  return {
    calculated: calculation.calculated,
    tax: calculation.tax === null ? null : formatMoney(calculation.tax),
    rules: calculation.rules,
    bands: calculation.bands.map((band) => ({
      range:
        band.to === null
          ? `Over ${formatMoney(band.from)}`
          : `${formatMoney(band.from)} to ${formatMoney(band.to)}`,
      rate: `${band.rate}%`,
      tax: formatMoney(band.tax),
    })),
    entered: formatMoney(calculation.enteredTaxPayable),
    differs: calculation.differs,
    differenceNote: calculation.differs ? SDLT_VIEW_TEXTS.differs : null,
    note: calculation.note || SDLT_CALCULATION_NOTE,
  };
}

function transactionSummary(details: StampDutyDetails, missing: string): Row[] {
  const t = details.transactionDetails;
  return [
    {
      term: "Effective date of transaction",
      value: t.effectiveDateOfTransaction ? formatDetailDate(t.effectiveDateOfTransaction) : missing,
    },
    { term: "Title number", value: t.titleNumber ?? missing },
    { term: "Property address", value: t.propertyAddress || missing },
    { term: "Purchasers", value: t.purchasers.length ? t.purchasers.map((p) => p.name).join(", ") : missing },
  ];
}

export function sdltView(input: SdltViewInput): SdltView {
  const { details, user, workspace, basePath, mode } = input;
  const lockReason = input.lockReason ?? null;
  const canAnswer = can(user, "answerStampDutyQuestions", workspace);
  const canAdd = can(user, "addStampDutySection", workspace);
  const canEdit = can(user, "editStampDutySection", workspace);
  const canConsent = can(user, "consentStampDuty", workspace);
  const missing = missingValueText(canAdd);
  const show = stampDutyView(details.taxEligibilityStatus);
  const notice =
    show === "pending-notice"
      ? STAMP_DUTY_TEXTS.pending
      : show === "not-required-notice"
        ? STAMP_DUTY_TEXTS.notRequired
        : show === "outside-submission-notice"
          ? STAMP_DUTY_TEXTS.outsideSubmission
          : null;
  const application =
    show === "form" && details.taxApplication
      ? applicationView(details, { canAdd, canEdit, canConsent, missing, basePath, mode, lockReason })
      : null;
  return {
    basePath,
    lodgementCaseId: details.lodgementCaseId,
    version: details.version,
    show,
    lockReason,
    notice,
    authority: details.revenueAuthority ? labelOf(TAX_AUTHORITY_LABELS, details.revenueAuthority) : null,
    questions:
      show === "questions"
        ? { disabledReason: canAnswer ? lockReason : STAMP_DUTY_TEXTS.unauthorised }
        : null,
    transactionSummary: show === "nothing" ? [] : transactionSummary(details, missing),
    application,
  };
}

function applicationView(
  details: StampDutyDetails,
  options: {
    canAdd: boolean;
    canEdit: boolean;
    canConsent: boolean;
    missing: string;
    basePath: string;
    mode: SdltViewMode;
    lockReason: string | null;
  },
): SdltApplicationView {
  const { lockReason } = options;
  const application = details.taxApplication!;
  const status = application.taxApplicationStatus;
  const created = status === "CREATED";
  const purchasers = details.transactionDetails.purchasers;
  const slugs = visibleSdltSections(
    purchasers.length > 0 && Boolean(application.sections[SECTION_KEYS["purchaser-details"]]),
  );
  const dataOf = (slug: SdltSectionSlug) => {
    const data = application.sections[SECTION_KEYS[slug]]?.data;
    return data && typeof data === "object" ? (data as Record<string, unknown>) : null;
  };
  // Consent is only offered while the return can be prepared; editing only a section that may be edited.
  const next =
    created && options.canConsent
      ? {
          href: `${options.basePath}?view=consent`,
          reason: lockReason
            ? lockReason
            : canProceedToConsent({
                  taxApplicationStatus: status,
                  canConsent: options.canConsent,
                  canBePrepared: application.canBePrepared,
                })
              ? null
              : SDLT_VIEW_TEXTS.nextDisabled,
        }
      : null;
  let mode: SdltViewMode = options.mode;
  if (mode.kind === "consent" && next?.reason !== null) mode = { kind: "accordion", open: null };
  const sections = slugs.map((slug): SectionView => {
    const title = SDLT_SECTIONS.find((section) => section.slug === slug)!.title;
    const sectionStatus =
      application.sections[SECTION_KEYS[slug]]?.status === "COMPLETED" ? "COMPLETED" : "PENDING";
    const base = sdltSectionMode({
      sectionStatus,
      taxApplicationStatus: status,
      canAdd: options.canAdd,
      canEdit: options.canEdit,
    });
    const data = dataOf(slug);
    // On a locked workspace no form is offered: the summary, with the lock as the reason.
    const writable = created && (base.mode === "form" || base.showsEdit);
    const editing = !lockReason && mode.kind === "edit" && mode.slug === slug && base.showsEdit;
    const sectionMode: SectionView["mode"] = editing
      ? "edit"
      : !lockReason && created && base.mode === "form"
        ? "form"
        : "summary";
    return {
      slug,
      title,
      path: SDLT_SECTION_PATHS[slug],
      status: sectionStatus,
      badge: SDLT_SECTION_STATUS_LABELS[sectionStatus],
      mode: sectionMode,
      open: sectionMode !== "summary" || (mode.kind === "accordion" && mode.open === slug),
      rows: summaryRows(slug, data ?? {}, details, options.missing),
      editHref:
        base.showsEdit && !editing && !lockReason ? `${options.basePath}?edit=${slug}#section-${slug}` : null,
      editRefusal:
        lockReason && writable
          ? lockReason
          : sectionStatus === "COMPLETED" && created && !options.canEdit && options.canAdd
            ? STAMP_DUTY_TEXTS.noEditPermission
            : null,
      defaults: sectionDefaults(slug, data, details),
    };
  });
  const transaction = dataOf("transaction-details") ?? {};
  const purchaser = (dataOf("purchaser-details")?.primaryPurchaser ?? {}) as {
    authorisedAgent?: boolean;
    certificateAddress?: string;
  };
  const agent = dataOf("purchaser-agent-details") ?? {};
  const agentRequired = isAgentRequired(purchaser);
  return {
    taxId: application.taxId,
    taxApplicationId: application.taxApplicationId,
    status,
    statusLabel: labelOf(TAX_APPLICATION_STATUS_LABELS, status),
    guide: created ? STAMP_DUTY_TEXTS.guide : null,
    prepared:
      status === "PREPARED"
        ? {
            text: STAMP_DUTY_TEXTS.prepared,
            reopen: !lockReason && options.canConsent && application.canBeReopened,
            refusal: lockReason && options.canConsent && application.canBeReopened ? lockReason : null,
          }
        : null,
    mode: mode.kind,
    sections,
    next,
    consent: mode.kind === "consent",
    filing: filingView(application),
    calculation: calculationView(application.calculation),
    context: {
      propertyType: typeof transaction.propertyType === "string" ? transaction.propertyType : undefined,
      transactionDescription:
        typeof transaction.transactionDescription === "string"
          ? transaction.transactionDescription
          : undefined,
      agentRequired,
      agentAddressShown: agentRequired || Boolean(agent.agentAddress),
    },
    purchasers,
    propertyAddress: details.transactionDetails.propertyAddress,
  };
}

/** The view mode the address asks for: `?edit=<section>`, `?view=consent`, `?open=<section>`. */
export function sdltViewMode(search: URLSearchParams): SdltViewMode {
  const slug = (value: string | null) =>
    SDLT_SECTIONS.find((section) => section.slug === value)?.slug ?? null;
  const edit = slug(search.get("edit"));
  if (edit) return { kind: "edit", slug: edit };
  if (search.get("view") === "consent") return { kind: "consent" };
  return { kind: "accordion", open: slug(search.get("open")) };
}
