/**
 * The newer list layout: a card per workspace. The card's heading is a real link to the workspace (Enter
 * opens it), and a click anywhere on the card opens it too (with JavaScript). Texts cut with an ellipsis
 * and the applicants' count have tooltips (overflow-tooltip.tsx).
 */
import type { ListRow } from "./list-rows";
import { OverflowTooltip } from "./overflow-tooltip";
import { PlainLink } from "../components/plain-link";
import { StatusTag, Tag } from "./status-tag";
import { openRowLink } from "./workspace-table";

/** The first two applicants; a count of the others whose tooltip lists every name. */
function Applicants({ applicants }: { applicants: ListRow["cardApplicants"] }) {
  if (applicants.more === 0) return <>{applicants.text}</>;
  return (
    <OverflowTooltip tip={applicants.tooltip!} always className="applicant-count">
      {applicants.text} <span className="more">+{applicants.more}</span>
    </OverflowTooltip>
  );
}

function Card({ row }: { row: ListRow }) {
  return (
    <li>
      <article className="workspace-card clickable-row" onClick={openRowLink}>
        <header>
          <h2 className="card-title">
            <OverflowTooltip tip={row.address}>
              {(describedBy) => (
                <PlainLink to={row.href} aria-describedby={describedBy}>
                  {row.address}
                </PlainLink>
              )}
            </OverflowTooltip>
          </h2>
          <StatusTag label={row.status.label} colour={row.status.colour} />
        </header>
        <dl>
          <div>
            <dt>Applicants</dt>
            <dd>
              <Applicants applicants={row.cardApplicants} />
            </dd>
          </div>
          <div>
            <dt>Transaction type</dt>
            <dd>
              {row.transactionType}
              {row.transferOfEquity ? (
                <>
                  {" "}
                  <Tag>{row.transferOfEquity}</Tag>
                </>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>Workspace ID</dt>
            <dd>{row.workspaceReferenceId}</dd>
          </div>
          <div>
            <dt>Reference</dt>
            <dd>
              <OverflowTooltip tip={row.reference}>{row.reference}</OverflowTooltip>
            </dd>
          </div>
          <div>
            <dt>Completion date</dt>
            <dd>{row.completionDate.card}</dd>
          </div>
          {row.role ? (
            <div>
              <dt>Your role</dt>
              <dd>{row.role}</dd>
            </div>
          ) : null}
        </dl>
      </article>
    </li>
  );
}

export function WorkspaceCards({ rows }: { rows: ListRow[] }) {
  return (
    <ul className="workspace-cards">
      {rows.map((row) => (
        <Card key={row.workspaceId} row={row} />
      ))}
    </ul>
  );
}
