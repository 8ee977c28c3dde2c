/**
 * The participants tab (document 2 section 2.2): the borrower validation banner, then applicants, sellers,
 * unmatched proprietors, outgoing proprietors, law firms and lenders. Every action is a link to its inline
 * view's address (one open at a time; the open one renders its form in place, after its subject), or a
 * disabled control whose reason is visible text it points to with aria-describedby.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { InlineView } from "./inline-view";
import { LOCK_REASON_ID, type Control, type LawFirmCard, type PartyCard, type PartySection, type ParticipantsView } from "./participants-view";

/** An action: a link opening its inline view, or a disabled button with its reason (beside it unless shown elsewhere). */
export function ControlLink({ control, hideReason }: { control: Control | null; hideReason?: boolean }) {
  if (!control) return null;
  if (!control.disabled) {
    return (
      <Link to={control.href} className="button secondary outline inline-action" preventScrollReset>
        {control.label}
      </Link>
    );
  }
  const showReason = !hideReason && control.reasonId !== LOCK_REASON_ID;
  return (
    <span className="disabled-action">
      <button type="button" className="secondary outline inline-action" aria-disabled="true" aria-describedby={control.reasonId}>
        {control.label}
      </button>
      {showReason ? (
        <small id={control.reasonId} className="disabled-reason">
          {control.reason}
        </small>
      ) : null}
    </span>
  );
}

function Actions({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="party-actions" role="group" aria-label={label}>
      {children}
    </div>
  );
}

export interface TabProps {
  view: ParticipantsView;
  /** The open inline view's form, rendered after its subject. */
  renderOpen: (where: OpenPlace) => ReactNode;
}

/** Where an open inline view belongs on the page. */
export type OpenPlace =
  | { kind: "party"; partyId: string }
  | { kind: "section"; role: string }
  | { kind: "proprietor"; id: string }
  | { kind: "law-firm"; key: string }
  | { kind: "lender" };

export function ParticipantsTab({ view, renderOpen }: TabProps) {
  return (
    <section className="tab-panel participants-tab" aria-labelledby="tab-title">
      <h2 id="tab-title">Participants</h2>
      {view.lockReason ? (
        <p id={LOCK_REASON_ID} className="notice notice-warning lock-reason">
          {view.lockReason}
        </p>
      ) : null}
      {view.borrowerBanner ? (
        // Not a landmark: the workspace header's banner may carry the same title.
        <div className={`notice notice-${view.borrowerBanner.tone}`} data-banner="borrower-validation">
          <h3>{view.borrowerBanner.title}</h3>
          <p>{view.borrowerBanner.text}</p>
        </div>
      ) : null}
      {view.warnings.map((warning) => (
        <p key={warning} className="notice notice-warning" role="note">
          {warning}
        </p>
      ))}
      <PartySectionView section={view.applicants} renderOpen={renderOpen} />
      {view.sellers ? <PartySectionView section={view.sellers} renderOpen={renderOpen} /> : null}
      <UnmatchedProprietors view={view} renderOpen={renderOpen} />
      <PartySectionView section={view.outgoingProprietors} renderOpen={renderOpen} />
      <LawFirms view={view} renderOpen={renderOpen} />
      <Lenders view={view} renderOpen={renderOpen} />
    </section>
  );
}

function PartySectionView({ section, renderOpen }: { section: PartySection; renderOpen: TabProps["renderOpen"] }) {
  const titleId = `${section.id}-title`;
  return (
    <section aria-labelledby={titleId} className="participants-section">
      <h3 id={titleId}>{section.title}</h3>
      {section.note ? <p className="section-note">{section.note}</p> : null}
      {section.parties.length === 0 ? <p>{section.empty}</p> : null}
      <ul className="party-list">
        {section.parties.map((party) => (
          <li key={party.partyId}>
            <PartyCardView party={party} renderOpen={renderOpen} />
          </li>
        ))}
      </ul>
      {section.add ? (
        <p>
          <ControlLink control={section.add} />
        </p>
      ) : null}
      {renderOpen({ kind: "section", role: section.role })}
    </section>
  );
}

function PartyCardView({ party, renderOpen }: { party: PartyCard; renderOpen: TabProps["renderOpen"] }) {
  const titleId = `party-${party.partyId}-title`;
  const detailsId = `party-${party.partyId}-details`;
  return (
    <article className="party-card" aria-labelledby={titleId}>
      <h4 id={titleId}>{party.name}</h4>
      <p className="party-summary">
        {party.typeLabel}
        {party.matchStatus ? (
          <>
            {" · "}
            <span className="tag">Title match: {party.matchStatus}</span>
          </>
        ) : null}
      </p>
      {party.mismatchMessage ? (
        <p className="notice notice-warning mismatch-message" role="note">
          {party.mismatchMessage}
        </p>
      ) : null}
      <p>
        <Link to={party.toggle.href} preventScrollReset aria-expanded={party.toggle.expanded} aria-controls={party.toggle.expanded ? detailsId : undefined}>
          {party.toggle.label}
        </Link>
      </p>
      {party.isOpen ? (
        <dl id={detailsId} className="party-details">
          <div>
            <dt>Representation</dt>
            <dd>
              {party.representation}
              {party.representativeName ? ` (${party.representativeName})` : null}
            </dd>
          </div>
          <div>
            <dt>Verification of identity</dt>
            <dd>{party.verificationOfIdentity ?? "Not confirmed"}</dd>
          </div>
          {party.registrationNumber ? (
            <div>
              <dt>Registration number</dt>
              <dd>{party.registrationNumber}</dd>
            </div>
          ) : null}
          <div>
            <dt>{party.addressLabel}</dt>
            <dd>{party.address ?? "Not provided"}</dd>
          </div>
          {party.nameOnTitle ? (
            <div>
              <dt>Name on the title</dt>
              <dd>{party.nameOnTitle}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <Actions label={`Actions for ${party.name}`}>
        <ControlLink control={party.edit} />
        <ControlLink control={party.representationControl} />
        <ControlLink control={party.addressControl} />
        <ControlLink control={party.deleteControl} />
      </Actions>
      {party.menu && party.menu.actions.length > 0 ? <MismatchMenu party={party} /> : null}
      {renderOpen({ kind: "party", partyId: party.partyId })}
    </article>
  );
}

/** The party's mismatch actions (section 4.4): a disclosure of links, or one disabled control with the reason. */
function MismatchMenu({ party }: { party: PartyCard }) {
  const menu = party.menu!;
  const disabled = menu.actions.find((action) => action.disabled);
  if (disabled && disabled.disabled) {
    const shared = disabled.reasonId !== LOCK_REASON_ID;
    return (
      <div className="mismatch-menu">
        <span className="disabled-action">
          <button type="button" className="secondary outline inline-action" aria-disabled="true" aria-describedby={disabled.reasonId}>
            Resolve mismatch
          </button>
          {shared ? (
            <small id={disabled.reasonId} className="disabled-reason">
              {disabled.reason}
            </small>
          ) : null}
        </span>
      </div>
    );
  }
  return (
    <details className="mismatch-menu">
      <summary>Resolve mismatch for {party.name}</summary>
      <ul>
        {menu.actions.map((action) => (
          <li key={action.label}>
            <ControlLink control={action} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function UnmatchedProprietors({ view, renderOpen }: { view: ParticipantsView; renderOpen: TabProps["renderOpen"] }) {
  const { proprietors, problems } = view.unmatchedProprietors;
  return (
    <section aria-labelledby="unmatched-proprietors-title" className="participants-section">
      <h3 id="unmatched-proprietors-title">Unmatched proprietors</h3>
      {view.titleError ? (
        <div className="notice notice-error" role="alert">
          <p>{view.titleError}</p>
          <p>
            <Link to={view.basePath} reloadDocument>
              Retry
            </Link>
          </p>
        </div>
      ) : null}
      {problems.map((problem) => (
        <p key={problem} className="notice notice-warning" role="note">
          {problem}
        </p>
      ))}
      {proprietors.length === 0 && !view.titleError ? <p>No unmatched proprietors.</p> : null}
      <ul className="party-list">
        {proprietors.map((proprietor) => (
          <li key={proprietor.id}>
            <article className="party-card" aria-labelledby={`proprietor-${proprietor.id}-title`}>
              <h4 id={`proprietor-${proprietor.id}-title`}>{proprietor.name}</h4>
              {proprietor.registrationNumber ? <p>Registration number {proprietor.registrationNumber}</p> : null}
              <Actions label={`Actions for ${proprietor.name}`}>
                {proprietor.actions.map((action) => (
                  <ControlLink key={action.label} control={action} />
                ))}
              </Actions>
              {renderOpen({ kind: "proprietor", id: proprietor.id })}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LawFirms({ view, renderOpen }: { view: ParticipantsView; renderOpen: TabProps["renderOpen"] }) {
  return (
    <section aria-labelledby="law-firms-title" className="participants-section">
      <h3 id="law-firms-title">Law firm details</h3>
      {view.lawFirms.firms.length === 0 ? <p>No law firm has been added yet.</p> : null}
      <ul className="party-list">
        {view.lawFirms.firms.map((firm) => (
          <li key={firm.key}>
            <LawFirmView firm={firm} renderOpen={renderOpen} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function LawFirmView({ firm, renderOpen }: { firm: LawFirmCard; renderOpen: TabProps["renderOpen"] }) {
  const titleId = `law-firm-${firm.key}-title`;
  return (
    <article className="party-card" aria-labelledby={titleId}>
      <h4 id={titleId}>{firm.name}</h4>
      <dl className="party-details">
        <div>
          <dt>Role</dt>
          <dd>{firm.roleLabel}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{firm.referenceNumber}</dd>
        </div>
        {firm.address ? (
          <div>
            <dt>Address</dt>
            <dd>{firm.address}</dd>
          </div>
        ) : null}
        {firm.representing ? (
          <div>
            <dt>Representing</dt>
            <dd>{firm.representing}</dd>
          </div>
        ) : null}
      </dl>
      <Actions label={`Actions for ${firm.name}`}>
        <ControlLink control={firm.edit} />
        <ControlLink control={firm.reference} />
      </Actions>
      {renderOpen({ kind: "law-firm", key: firm.key })}
    </article>
  );
}

function Lenders({ view, renderOpen }: { view: ParticipantsView; renderOpen: TabProps["renderOpen"] }) {
  const lender = view.incomingLender;
  return (
    <section aria-labelledby="lenders-title" className="participants-section">
      <h3 id="lenders-title">Lender details</h3>
      <article className="party-card" aria-labelledby="incoming-lender-title">
        <h4 id="incoming-lender-title">Incoming lender</h4>
        <dl className="party-details">
          <div>
            <dt>Name</dt>
            <dd>{lender.name}</dd>
          </div>
          <div>
            <dt>Mortgage reference</dt>
            <dd>{lender.referenceNumber}</dd>
          </div>
          <div>
            <dt>Represented by</dt>
            <dd>{lender.representedBy}</dd>
          </div>
        </dl>
        <Actions label="Actions for the incoming lender">
          <ControlLink control={lender.reference} />
          <ControlLink control={lender.addRepresentative} />
        </Actions>
        {renderOpen({ kind: "lender" })}
      </article>
      <h4>Outgoing lenders</h4>
      {view.outgoingLenders.length === 0 ? (
        <p>{view.titleError ? "The outgoing lenders are read from the title, which could not be loaded." : "No outgoing lender is registered on the title."}</p>
      ) : (
        <ul className="party-list">
          {view.outgoingLenders.map((outgoing) => (
            <li key={outgoing.name}>
              <strong>{outgoing.name}</strong>: {outgoing.representation}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Where the open view renders: after its party, its section's add button, its proprietor, law firm or the lender. */
export function placeOf(open: InlineView, view: ParticipantsView, referenceRole: string | null): OpenPlace | null {
  switch (open.view) {
    case "add-party":
      return { kind: "section", role: open.role! };
    case "proprietor":
      return { kind: "proprietor", id: open.proprietor! };
    case "edit-law-firm":
      return { kind: "law-firm", key: open.lawFirm! };
    case "add-participant":
      return { kind: "lender" };
    case "add-reference":
    case "edit-reference": {
      const role = open.role ?? referenceRole;
      if (role === "INCOMING_LENDER") return { kind: "lender" };
      const firm = view.lawFirms.firms.find((candidate) => candidate.reference && !candidate.reference.disabled && candidate.reference.href.includes(open.reference ?? `role=${role}`));
      return firm ? { kind: "law-firm", key: firm.key } : { kind: "lender" };
    }
    default:
      return open.party ? { kind: "party", partyId: open.party } : null;
  }
}

export function samePlace(a: OpenPlace | null, b: OpenPlace): boolean {
  if (!a || a.kind !== b.kind) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
