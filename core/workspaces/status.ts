/**
 * The workspace status model (document 1 section 4, document 2 sections 2.1, 4.1 and 4.8): the full set
 * of statuses, the journey, labels and badge colours, the list's default filter, the edit lock with its
 * tooltips, the view-only notice, the borrower validation banner and the status banner.
 */
import { z } from "zod";
import type { BorrowerValidationStatus } from "../parties/enums.js";
import type { ParticipantRole } from "./enums.js";
import type { SubscriberEntityType } from "../administration/subscribers.js";
import { BUILT_WORKSPACE_SCREENS, workspaceScreenExists } from "../shared/permissions/screens.js";

export const WORKSPACE_STATUSES = [
  "CREATED",
  "PREPARED",
  "READY",
  "FUNDS_AUTHORISED",
  "FUNDS_EXCHANGED",
  "APPROVED",
  "INITIATED",
  "LODGED",
  "REGISTERED",
  "REQUISITIONED",
  "REQUISITION_SUBMITTED",
  "CLOSED",
  "CANCELLED",
] as const;
export type WorkspaceStatus = (typeof WORKSPACE_STATUSES)[number];
export const WorkspaceStatusSchema = z.enum(WORKSPACE_STATUSES);

/** The ordered journey used for the list and badges. */
export const WORKSPACE_JOURNEY = [
  "CREATED",
  "PREPARED",
  "FUNDS_AUTHORISED",
  "FUNDS_EXCHANGED",
  "LODGED",
  "REQUISITIONED",
  "CLOSED",
  "CANCELLED",
] as const satisfies readonly WorkspaceStatus[];
export type JourneyStatus = (typeof WORKSPACE_JOURNEY)[number];

/** The status filter's default selection: the six statuses Created through Requisitioned. */
export const DEFAULT_STATUS_FILTER = WORKSPACE_JOURNEY.slice(0, 6) as readonly JourneyStatus[];

/** Milestones shown as recent activity (document 3 section 4.1); CANCELLED is reached from CREATED. */
export const WORKSPACE_MILESTONES = [
  "CREATED",
  "APPROVED",
  "FUNDS_AUTHORISED",
  "FUNDS_EXCHANGED",
  "LODGED",
  "REQUISITIONED",
  "CLOSED",
] as const satisfies readonly WorkspaceStatus[];

/**
 * Recent-activity milestones of a workspace, newest first: every milestone up to the current one; a
 * cancelled workspace shows created and cancelled.
 */
export function workspaceMilestones(status: WorkspaceStatus): WorkspaceStatus[] {
  if (status === "CANCELLED") return ["CANCELLED", "CREATED"];
  const reached: Partial<Record<WorkspaceStatus, (typeof WORKSPACE_MILESTONES)[number]>> = {
    PREPARED: "APPROVED",
    READY: "CREATED",
    INITIATED: "FUNDS_EXCHANGED",
    REGISTERED: "CLOSED",
    REQUISITION_SUBMITTED: "REQUISITIONED",
  };
  const milestone = (WORKSPACE_MILESTONES as readonly string[]).includes(status)
    ? (status as (typeof WORKSPACE_MILESTONES)[number])
    : reached[status] ?? "CREATED";
  return WORKSPACE_MILESTONES.slice(0, WORKSPACE_MILESTONES.indexOf(milestone) + 1).reverse();
}

/** The label rule: the status with the first letter capitalised and the first underscore replaced by a space. */
export function statusLabel(status: string): string {
  const lower = status.toLowerCase().replace("_", " ");
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

export const BADGE_COLOURS = ["yellow", "pink", "coral", "green", "purple", "neutral", "disabled", "red"] as const;
export type BadgeColour = (typeof BADGE_COLOURS)[number];

/** Status badge colours of the journey; other statuses show neutral. */
export const STATUS_BADGE_COLOURS: Readonly<Record<JourneyStatus, BadgeColour>> = {
  CREATED: "yellow",
  REQUISITIONED: "pink",
  PREPARED: "coral",
  FUNDS_AUTHORISED: "green",
  FUNDS_EXCHANGED: "purple",
  LODGED: "neutral",
  CLOSED: "disabled",
  CANCELLED: "red",
};

export function statusBadgeColour(status: string): BadgeColour {
  return (STATUS_BADGE_COLOURS as Record<string, BadgeColour>)[status] ?? "neutral";
}

export interface WorkspaceLockFlags {
  isCancelled?: boolean | null;
  isLocked?: boolean | null;
  hardLocked?: boolean | null;
  status?: string | null;
}

export const EDIT_LOCK_TOOLTIPS = {
  cancelled: "This workspace has been cancelled and can no longer be edited.",
  locked: "This workspace is locked and can no longer be edited.",
} as const;

export const VIEW_ONLY_NOTICES = {
  cancelled: "Workspace has been cancelled and is in view-only mode",
  locked: "Workspace is in view-only mode",
} as const;

export type EditLock = "cancelled" | "locked" | null;

/** Why edit actions are disabled: cancelled wins over locked (isLocked or hardLocked); null when editable. */
export function editLock(workspace: WorkspaceLockFlags): EditLock {
  if (workspace.isCancelled || workspace.status === "CANCELLED") return "cancelled";
  if (workspace.isLocked || workspace.hardLocked) return "locked";
  return null;
}

/** The tooltip of a disabled edit action, or null when editing is allowed. */
export function editLockTooltip(workspace: WorkspaceLockFlags): string | null {
  const lock = editLock(workspace);
  return lock ? EDIT_LOCK_TOOLTIPS[lock] : null;
}

/** The view-only notice under the workspace header, or null. */
export function viewOnlyNotice(workspace: WorkspaceLockFlags): string | null {
  const lock = editLock(workspace);
  return lock ? VIEW_ONLY_NOTICES[lock] : null;
}

export interface Banner {
  /** Stable identifier, for tests and styling. */
  id: string;
  tone: "info" | "success" | "warning" | "error";
  title: string;
  text: string;
  /** The action the banner offers, if the user may take it. */
  action?: { intent: string; label: string };
}

export const BORROWER_VALIDATION_BANNERS = {
  INVALID: {
    id: "borrower-mismatch",
    tone: "warning",
    title: "The borrower information below doesn't match the title",
    text: "Resolve the mismatch in the participants tab, or cancel the workspace.",
    action: { intent: "resolve-borrower-mismatch", label: "Go to participants" },
  },
  /** The same while the participants screen is not built: nothing to resolve it with yet but cancelling. */
  INVALID_WITHOUT_SCREEN: {
    id: "borrower-mismatch",
    tone: "warning",
    title: "The borrower information below doesn't match the title",
    text: "The borrowers must match the proprietors on the title for the workspace to continue; otherwise cancel the workspace.",
  },
  CANCEL: {
    id: "borrower-cancel-workspace",
    tone: "error",
    title: "This workspace cannot continue",
    text: "The title received is not supported for this workspace. Please cancel the workspace.",
  },
} as const satisfies Record<string, Banner>;

/** The borrower validation banner (document 1 section 4, document 2 section 4.1). */
export function borrowerValidationBanner(
  status: BorrowerValidationStatus | null | undefined,
  builtScreens: readonly string[] = BUILT_WORKSPACE_SCREENS,
): Banner | null {
  switch (status) {
    case "INVALID":
      return workspaceScreenExists("participants", builtScreens) ? BORROWER_VALIDATION_BANNERS.INVALID : BORROWER_VALIDATION_BANNERS.INVALID_WITHOUT_SCREEN;
    case "UNSUPPORTED_TYPE":
    case "TYPE_INVALID":
    case "COUNT_INVALID":
      return BORROWER_VALIDATION_BANNERS.CANCEL;
    default:
      return null;
  }
}

export type FirmKind = "firm" | "lender";
/** Subscriber type selects the banner wording: law or conveyancing firm versus lender. */
export function firmKind(subscriberType: SubscriberEntityType | null | undefined): FirmKind {
  return subscriberType === "Lender" ? "lender" : "firm";
}

export interface WorkspaceBannerInput {
  status: WorkspaceStatus;
  isCancelled?: boolean;
  hardLocked?: boolean;
  readyForApproval?: boolean;
  canBeUnapproved?: boolean;
  /** Applications are still being finalised before lodgement (lodgement delay). */
  lodgementDelayed?: boolean;
  /** The user's participant role in this workspace; null for the helpdesk administrator. */
  participantRole: ParticipantRole | null;
  subscriberType: SubscriberEntityType | null;
  canApproveWorkspace: boolean;
  canAuthoriseFunds: boolean;
  enhancedWorkspaceApprovalEnabled: boolean;
  /** An organisation is among the parties (Companies House evidence applies only then). */
  hasOrganisationParty?: boolean;
  /** The workspace tabs whose screens exist; a banner points to a tab only when it is one of them. */
  builtScreens?: readonly string[];
}

/**
 * The status banner (document 1 section 4, document 2 section 4.8); wording decided in
 * docs/decisions/0109-workspace-banners.md. Returns null when no banner applies.
 */
export function workspaceBanner(input: WorkspaceBannerInput): Banner | null {
  const kind = firmKind(input.subscriberType);
  const { status } = input;
  const built = (tab: string) => workspaceScreenExists(tab, input.builtScreens);
  if (input.isCancelled || status === "CANCELLED") {
    return {
      id: "cancelled",
      tone: "error",
      title: "Workspace cancelled",
      text: "This workspace has been cancelled. Cancellation is irreversible and the workspace is view-only.",
    };
  }
  if (status === "CREATED" || status === "READY") {
    if (!input.readyForApproval) {
      return {
        id: "prepare",
        tone: "info",
        title: "In preparation",
        text:
          kind === "lender"
            ? "The workspace is being prepared. Complete your tasks so that the law firm can approve it."
            : "The workspace is being prepared. Complete the outstanding tasks to make it ready for approval.",
      };
    }
    const approveText = input.enhancedWorkspaceApprovalEnabled
      ? "Approve the financials and the HMLR applications to lock the workspace for completion."
      : "Approving the workspace locks it for completion.";
    if (kind === "firm" && input.canApproveWorkspace) {
      return {
        id: "approve",
        tone: "info",
        title: "Ready for approval",
        text: approveText,
        action: input.enhancedWorkspaceApprovalEnabled ? undefined : { intent: "approve-workspace", label: "Approve workspace" },
      };
    }
    return {
      id: "approve-read-only",
      tone: "info",
      title: "Ready for approval",
      text: "The workspace is ready for the law firm to approve.",
    };
  }
  if (status === "PREPARED" || status === "APPROVED") {
    const unapprove = input.canBeUnapproved && input.canApproveWorkspace && kind === "firm";
    if (kind === "lender" && input.canAuthoriseFunds && built("financials")) {
      return {
        id: "authorise-funds",
        tone: "info",
        title: "Ready for funds authorisation",
        text: "The workspace is approved and locked. Authorise the mortgage advance in the financials tab.",
        action: { intent: "authorise-funds", label: "Go to financials" },
      };
    }
    if (kind === "lender" && input.canAuthoriseFunds) {
      return {
        id: "authorise-funds-pending-screen",
        tone: "info",
        title: "Ready for funds authorisation",
        text: "The workspace is approved and locked, ready for you to authorise the mortgage advance.",
      };
    }
    return {
      id: unapprove ? "unapprove" : "authorise-funds-read-only",
      tone: "info",
      title: "Ready for funds authorisation",
      text: unapprove
        ? "The workspace is approved and locked while the lender authorises funds. You can unapprove it to make changes."
        : "The workspace is approved and locked while the lender authorises funds.",
      action: unapprove ? { intent: "unapprove-workspace", label: "Unapprove workspace" } : undefined,
    };
  }
  if (status === "FUNDS_AUTHORISED") {
    return {
      id: "funds-authorised",
      tone: "success",
      title: "Funds authorised",
      text: "Funds have been authorised and will be exchanged on the completion date.",
    };
  }
  if (status === "FUNDS_EXCHANGED" || status === "INITIATED") {
    if (input.lodgementDelayed) {
      return {
        id: "lodgement-delay",
        tone: "warning",
        title: "Lodgement delayed",
        text: "The applications are being finalised before they are lodged with HMLR.",
      };
    }
    return {
      id: "hard-locked-before-lodgement",
      tone: "info",
      title: "Funds exchanged",
      // Companies House evidence concerns an organisation party only, and is uploaded on the documents screen.
      text:
        input.hasOrganisationParty && built("documents")
          ? "Funds have been exchanged and the workspace is locked. Upload any Companies House evidence in the documents tab before the applications are lodged with HMLR."
          : "Funds have been exchanged and the workspace is locked until the applications are lodged with HMLR.",
    };
  }
  if (status === "LODGED") {
    return {
      id: "hard-locked-after-lodgement",
      tone: "info",
      title: "Lodged",
      text: "The applications have been lodged with HMLR and the workspace is locked.",
    };
  }
  if (status === "REQUISITIONED" || status === "REQUISITION_SUBMITTED") {
    return {
      id: "requisitioned",
      tone: "warning",
      title: "Requisitioned",
      text: built("documents")
        ? "HMLR correspondence has been received. Review it in the documents tab and submit a response."
        : "HMLR correspondence has been received and needs a response.",
    };
  }
  return {
    id: "closed",
    tone: "success",
    title: "Closed",
    text: "The change to the register has been processed.",
  };
}
