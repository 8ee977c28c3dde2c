/**
 * What the workspace page shows (document 1 section 2.6, document 2 sections 2.1, 4.1, 4.8 and 4.9),
 * decided on the server from the workspace, the user and the flags: the header, the summary card, the tabs,
 * the banners, the view-only notice and the actions the user may take now.
 */
import type { WorkspaceDetail } from "../../core/workspaces/api.js";
import { APPLICANT_ROLE, REPRESENTATIVE_ROLE_LABELS } from "../../core/parties/enums.js";
import { CANCELLATION_REASON_LABELS, PARTICIPANT_ROLE_LABELS, TO_BE_PROVIDED_TEXT, TRANSACTION_TYPE_LABELS, TRANSFER_OF_EQUITY_LABEL } from "../../core/workspaces/enums.js";
import { WORKSPACE_TAB_LABELS, type WorkspaceTab } from "../../core/documents/enums.js";
import { isFlagOn, type FlagSet } from "../../core/shared/feature-flags.js";
import { formatCompletionDate, formatDetailDate } from "../../core/shared/format-dates.js";
import { isTaskForUser } from "../../core/tasks/dashboard.js";
import { applicantSummary } from "../../core/parties/names.js";
import { isHelpdeskAdministrator } from "../../core/shared/permissions/roles.js";
import { can, type PermissionSubject, type WorkspaceContext } from "../../core/shared/permissions/actions.js";
import { isStampDutyTabVisible, workspaceTabs } from "../../core/shared/permissions/screens.js";
import type { SubscriberEntityType } from "../../core/administration/subscribers.js";
import { addressLine } from "../../core/shared/address.js";
import {
  borrowerValidationBanner,
  editLockTooltip,
  statusBadgeColour,
  statusLabel,
  viewOnlyNotice,
  workspaceBanner,
  workspaceMilestones,
  type BadgeColour,
  type Banner,
} from "../../core/workspaces/status.js";

export type WorkspaceIntent = "approve-workspace" | "unapprove-workspace";

export interface WorkspaceAction {
  /** A POST with this intent, or a link (`to`). */
  kind: "intent" | "link";
  intent?: WorkspaceIntent;
  to?: string;
  label: string;
  /** Why it is disabled (the edit lock's tooltip), or null when it can be used. */
  disabledReason: string | null;
  secondary?: boolean;
}

export interface WorkspaceView {
  workspaceId: string;
  workspaceReferenceId: string;
  version: number;
  basePath: string;
  status: { label: string; colour: BadgeColour };
  heading: string;
  transactionType: string;
  transferOfEquity: string | null;
  summary: {
    /** The first applicant, the count of the others and a tooltip of every name (core's applicantSummary). */
    applicants: ReturnType<typeof applicantSummary>;
    /** The helpdesk administrator's list of every reference, or the user's own (or 'To be provided'). */
    references: { label: string | null; value: string }[];
    completionDate: string;
  };
  tabs: { slug: WorkspaceTab; label: string }[];
  notice: string | null;
  banners: Banner[];
  actions: WorkspaceAction[];
  participantRole: string | null;
  cancellation: { reason: string; notes: string | null; actionedAt: string } | null;
  milestones: string[];
  /** Tasks, pending first; `forYou` by core's rule (document 3 section 4.4). */
  tasks: { taskName: string; title: string; status: string; forYou: boolean; assignee: string | null; optional: boolean; completedAt: string | null }[];
}

export interface WorkspaceViewInput {
  workspace: WorkspaceDetail;
  user: PermissionSubject & { subscriberId: string | null; subscriberType: string | null };
  flags: FlagSet;
}

export function workspaceContext(workspace: Pick<WorkspaceDetail, "participantRole" | "transactionType" | "contextualPermissions">): WorkspaceContext {
  return {
    participantRole: workspace.participantRole,
    transactionType: workspace.transactionType,
    contextualPermissions: workspace.contextualPermissions,
  };
}

/** A buyer party with dual representation (one of the stamp duty tab's conditions). */
export function buyerHasDualRepresentation(workspace: Pick<WorkspaceDetail, "parties">): boolean {
  return workspace.parties.some(
    (party) => party.role === "BUYER" && party.representationDetails?.representationType === "DUAL_REPRESENTATION",
  );
}

export function stampDutyVisible({ workspace, user, flags }: WorkspaceViewInput): boolean {
  return isStampDutyTabVisible(user, {
    flags,
    workspace: workspaceContext(workspace),
    stampDuty: { transactionType: workspace.transactionType, buyerHasDualRepresentation: buyerHasDualRepresentation(workspace) },
  });
}

export function workspaceView(input: WorkspaceViewInput): WorkspaceView {
  const { workspace, user, flags } = input;
  const context = workspaceContext(workspace);
  const helpdesk = isHelpdeskAdministrator(user.roles);
  const basePath = `/workspaces/${workspace.workspaceId}`;

  const applicantRole = APPLICANT_ROLE[workspace.transactionType];
  const applicants = applicantSummary(workspace.parties.filter((party) => party.role === applicantRole));

  const references = helpdesk
    ? workspace.references.length > 0
      ? workspace.references.map((reference) => ({
          label: REPRESENTATIVE_ROLE_LABELS[reference.representativeRole],
          value: reference.referenceNumber,
        }))
      : [{ label: null, value: TO_BE_PROVIDED_TEXT }]
    : [{ label: null, value: workspace.participantReference?.trim() || TO_BE_PROVIDED_TEXT }];

  const canApprove = can(user, "approveWorkspace", context);
  const canUnapprove = can(user, "unapproveWorkspace", context);
  const canCancel = can(user, "cancelWorkspace", context);
  const enhanced = isFlagOn(flags, "enhanced-workspace-approval-enabled");

  const banners: Banner[] = [];
  const borrowerBanner = borrowerValidationBanner(workspace.borrowersValidationStatus);
  if (borrowerBanner && !workspace.isCancelled) banners.push(borrowerBanner);
  const statusBanner = workspaceBanner({
    status: workspace.status,
    isCancelled: workspace.isCancelled,
    hardLocked: workspace.hardLocked,
    readyForApproval: workspace.readyForApproval,
    canBeUnapproved: workspace.canBeUnapproved,
    lodgementDelayed: workspace.lodgementDelayed,
    participantRole: workspace.participantRole,
    subscriberType: (user.subscriberType as SubscriberEntityType | null) ?? null,
    canApproveWorkspace: canApprove,
    canAuthoriseFunds: can(user, "authoriseFunds", context),
    enhancedWorkspaceApprovalEnabled: enhanced,
    hasOrganisationParty: workspace.parties.some((party) => party.type === "ORGANISATION"),
  });
  if (statusBanner) banners.push(statusBanner);
  const bannerIntents = new Set(banners.map((banner) => banner.action?.intent).filter(Boolean));

  const lock = editLockTooltip(workspace);
  const actions: WorkspaceAction[] = [];
  if (workspace.readyForApproval && canApprove && !bannerIntents.has("approve-workspace")) {
    actions.push({ kind: "intent", intent: "approve-workspace", label: "Approve workspace", disabledReason: null });
  }
  if (workspace.canBeUnapproved && canUnapprove && !bannerIntents.has("unapprove-workspace")) {
    actions.push({ kind: "intent", intent: "unapprove-workspace", label: "Unapprove workspace", disabledReason: null, secondary: true });
  }
  if (canCancel) {
    actions.push({
      kind: "link",
      to: `${basePath}/cancel`,
      label: "Cancel workspace",
      // Cancelling is possible before approval only; after that the lock explains why not.
      disabledReason: workspace.canBeCancelled ? null : (lock ?? "This workspace can no longer be cancelled."),
      secondary: true,
    });
  }

  return {
    workspaceId: workspace.workspaceId,
    workspaceReferenceId: workspace.workspaceReferenceId,
    version: workspace.version,
    basePath,
    status: { label: statusLabel(workspace.status), colour: statusBadgeColour(workspace.status) },
    heading: addressLine(workspace.securityAddress),
    transactionType: TRANSACTION_TYPE_LABELS[workspace.transactionType],
    transferOfEquity: workspace.transferOfEquity && isFlagOn(flags, "transfer-of-equity-enabled") ? TRANSFER_OF_EQUITY_LABEL : null,
    summary: {
      applicants,
      references,
      completionDate: formatCompletionDate(workspace.completionDate),
    },
    tabs: workspaceTabs(stampDutyVisible(input)).map((slug) => ({ slug: slug as WorkspaceTab, label: WORKSPACE_TAB_LABELS[slug as WorkspaceTab] })),
    notice: viewOnlyNotice(workspace),
    banners,
    actions,
    participantRole: workspace.participantRole ? PARTICIPANT_ROLE_LABELS[workspace.participantRole] : null,
    cancellation: workspace.remarks
      ? {
          reason: CANCELLATION_REASON_LABELS[workspace.remarks.cancellationReason],
          notes: workspace.remarks.cancellationNotesForOther,
          actionedAt: formatDetailDate(workspace.remarks.actionedAt),
        }
      : null,
    milestones: workspaceMilestones(workspace.status).map(statusLabel),
    tasks: workspace.tasks.map((task) => ({
      taskName: task.taskName,
      title: task.title,
      status: task.status,
      forYou: isTaskForUser(task, { ...user, workspace: context }),
      assignee: task.assignee,
      optional: task.optional,
      completedAt: task.completedAt ? formatDetailDate(task.completedAt) : null,
    })),
  };
}
