/**
 * The newer list layout: a card per workspace. The card's heading is a real link to the workspace, and
 * a click anywhere on the card opens it too (with JavaScript).
 */
import { Link } from "@remix-run/react";
import type { ListRow } from "./list-rows";
import { StatusTag, Tag } from "./status-tag";
import { useRowClick } from "./workspace-table";

function Applicants({ names }: { names: string[] }) {
  if (names.length === 0) return <>-</>;
  const shown = names.slice(0, 2).join(", ");
  const more = names.length - 2;
  if (more <= 0) return <>{shown}</>;
  return (
    <span className="has-tooltip" title={names.join(", ")}>
      {shown} <span className="more">+{more}</span>
      <span className="visually-hidden"> more: {names.slice(2).join(", ")}</span>
    </span>
  );
}

function Card({ row }: { row: ListRow }) {
  const onClick = useRowClick(row.href);
  return (
    <li>
      <article className="workspace-card clickable-row" onClick={onClick}>
        <header>
          <h2 className="card-title">
            <Link to={row.href}>
              <span className="truncate" title={row.address}>
                {row.address}
              </span>
            </Link>
          </h2>
          <StatusTag label={row.status.label} colour={row.status.colour} />
        </header>
        <dl>
          <div>
            <dt>Applicants</dt>
            <dd>
              <Applicants names={row.applicants} />
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
              <span className="truncate" title={row.reference}>
                {row.reference}
              </span>
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
