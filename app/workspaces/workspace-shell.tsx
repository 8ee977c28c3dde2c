/** The parts of the workspace page (document 1 section 2.6): header, notices and banners, actions, summary card, tabs. */
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import type { Banner } from "../../core/workspaces/status.js";
import { CsrfInput } from "../components/csrf-input";
import { SubmitButton } from "../components/form/submit-button";
import { OverflowTooltip } from "./overflow-tooltip";
import { StatusTag, Tag } from "./status-tag";
import type { WorkspaceAction, WorkspaceView } from "./workspace-view";

export function WorkspaceHeader({ view }: { view: WorkspaceView }) {
  return (
    <header className="workspace-header">
      <Link to="/workspaces" className="workspace-back">
        <span aria-hidden="true">← </span>Back to workspaces
      </Link>
      <div className="workspace-meta">
        <span>
          Workspace ID <strong>{view.workspaceReferenceId}</strong>
        </span>
        <StatusTag label={view.status.label} colour={view.status.colour} />
      </div>
      <h1 id="workspace-title">{view.heading}</h1>
      <div className="tags">
        <Tag>{view.transactionType}</Tag>
        {view.transferOfEquity ? <Tag>{view.transferOfEquity}</Tag> : null}
      </div>
    </header>
  );
}

/** A POST of one intent on the workspace, carrying the version the user saw and where to come back to. */
export function IntentForm({ view, intent, label, secondary }: { view: WorkspaceView; intent: string; label: string; secondary?: boolean }) {
  const location = useLocation();
  return (
    <Form method="post" action={view.basePath} preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="version" value={view.version} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <SubmitButton name="intent" value={intent} className={secondary ? "secondary" : undefined}>
        {label}
      </SubmitButton>
    </Form>
  );
}

export function WorkspaceNotices({ view }: { view: WorkspaceView }) {
  return (
    <>
      {view.notice ? (
        <div className="notice notice-warning view-only-notice" role="note">
          <p>
            <strong>{view.notice}</strong>
          </p>
        </div>
      ) : null}
      {view.banners.map((banner) => (
        <BannerBox key={banner.id} view={view} banner={banner} />
      ))}
    </>
  );
}

/** Banner actions that go to a tab rather than post an intent. */
const BANNER_LINK_TABS: Readonly<Record<string, string>> = {
  "authorise-funds": "financials",
  "resolve-borrower-mismatch": "participants",
};

function BannerBox({ view, banner }: { view: WorkspaceView; banner: Banner }) {
  const action = banner.action;
  const tab = action ? BANNER_LINK_TABS[action.intent] : undefined;
  return (
    <section className={`notice notice-${banner.tone}`} aria-labelledby={`banner-${banner.id}`} data-banner={banner.id}>
      <h2 id={`banner-${banner.id}`}>{banner.title}</h2>
      <p>{banner.text}</p>
      {action ? (
        tab ? (
          <p>
            <Link to={`${view.basePath}/${tab}`}>{action.label}</Link>
          </p>
        ) : (
          <IntentForm view={view} intent={action.intent} label={action.label} />
        )
      ) : null}
    </section>
  );
}

export function WorkspaceActions({ view }: { view: WorkspaceView }) {
  if (view.actions.length === 0) return null;
  return (
    <div className="workspace-actions" role="group" aria-label="Workspace actions">
      {view.actions.map((action) => (
        <ActionControl key={action.label} view={view} action={action} />
      ))}
    </div>
  );
}

function ActionControl({ view, action }: { view: WorkspaceView; action: WorkspaceAction }) {
  if (action.disabledReason) {
    // Looks disabled and says why in text beside it (not only in a tooltip); still focusable, so a keyboard
    // or screen-reader user reaches it and hears the reason as its description.
    const id = `${action.label.replace(/\s+/g, "-").toLowerCase()}-why`;
    return (
      <span className="disabled-action">
        <button type="button" className="secondary" aria-disabled="true" aria-describedby={id}>
          {action.label}
        </button>
        <small id={id} className="disabled-reason">
          {action.disabledReason}
        </small>
      </span>
    );
  }
  if (action.kind === "link" && action.to) {
    return (
      <Link to={action.to} className={action.secondary ? "button secondary" : "button"} preventScrollReset>
        {action.label}
      </Link>
    );
  }
  return <IntentForm view={view} intent={action.intent!} label={action.label} secondary={action.secondary} />;
}

export function SummaryCard({ view }: { view: WorkspaceView }) {
  const { applicants, references, completionDate } = view.summary;
  return (
    <article className="summary-card" aria-label="Summary">
      <dl>
        <div>
          <dt>Applicant names</dt>
          <dd>
            {applicants.tooltip ? (
              <OverflowTooltip tip={applicants.tooltip} always className="applicant-count">
                {applicants.text} <span className="more">+{applicants.more}</span>
              </OverflowTooltip>
            ) : (
              applicants.text
            )}
          </dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>
            {references.length === 1 && references[0].label === null ? (
              references[0].value
            ) : (
              <ul>
                {references.map((reference) => (
                  <li key={`${reference.label}-${reference.value}`}>
                    {reference.label}: {reference.value}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>Completion date</dt>
          <dd>{completionDate}</dd>
        </div>
        {view.participantRole ? (
          <div>
            <dt>Your role</dt>
            <dd>{view.participantRole}</dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}

export function VerticalTabs({ view }: { view: WorkspaceView }) {
  return (
    <nav aria-label="Workspace sections" className="vertical-tabs">
      <ul>
        {view.tabs.map((tab) => (
          <li key={tab.slug}>
            <NavLink to={`${view.basePath}/${tab.slug}`} preventScrollReset>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A tab whose screen is not built yet: its heading and an honest notice, nothing made up. */
export function NotAvailableYet({ title }: { title: string }) {
  return (
    <section className="tab-panel" aria-labelledby="tab-title">
      <h2 id="tab-title">{title}</h2>
      <div className="not-available">
        <p>This part of the workspace is not available yet.</p>
      </div>
    </section>
  );
}
