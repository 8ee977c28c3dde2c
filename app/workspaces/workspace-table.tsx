/**
 * The older list layout: a table of workspaces. Each row opens the workspace on a click anywhere in it
 * (with JavaScript); the applicant's name in the row is a real link, so keyboard and screen-reader users,
 * and everyone without JavaScript, open it the same way (Enter on the link). Long texts are cut with an
 * ellipsis and shown whole in a tooltip when they are cut (overflow-tooltip.tsx).
 */
import type { MouseEvent } from "react";
import { PlainLink } from "../components/plain-link";
import type { ListRow } from "./list-rows";
import { listHref, nextSort } from "./list-url";
import { OverflowTooltip } from "./overflow-tooltip";
import type { ListPage } from "./workspace-list.server";
import { StatusTag } from "./status-tag";

/**
 * A click on the row (not on a link or button inside it, nor the end of selecting its text) opens the
 * workspace: it clicks the row's link, which navigates like any link of the app (plain-link.tsx).
 */
export function openRowLink(event: MouseEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  if (target.closest("a, button, input, select, textarea, summary")) return;
  if (window.getSelection()?.toString()) return;
  event.currentTarget.querySelector<HTMLAnchorElement>("a[href]")?.click();
}

function Cell({ text, label }: { text: string; label: string }) {
  return (
    <td data-label={label}>
      <OverflowTooltip tip={text}>{text}</OverflowTooltip>
    </td>
  );
}

function Row({ row }: { row: ListRow }) {
  const applicants = row.tableApplicants;
  return (
    <tr onClick={openRowLink} className="clickable-row">
      <th scope="row">
        {/* The count of the other applicants has a tooltip of every name; the name alone only when it is cut. */}
        {/* With a count, the name alone is cut so that the count always shows. */}
        <OverflowTooltip
          tip={applicants.tooltip ?? applicants.text}
          always={applicants.more > 0}
          className={applicants.more > 0 ? "truncate applicant-names" : "truncate"}
        >
          {(describedBy) => (
            <>
              <PlainLink to={row.href} aria-describedby={describedBy}>
                {applicants.text}
                <span className="visually-hidden">, open workspace {row.workspaceReferenceId}</span>
              </PlainLink>
              {applicants.more > 0 ? <span className="more"> +{applicants.more}</span> : null}
            </>
          )}
        </OverflowTooltip>
      </th>
      <Cell text={row.address} label="Security address" />
      <td data-label="Completion date">{row.completionDate.table}</td>
      <td data-label="Status">
        <StatusTag label={row.status.label} colour={row.status.colour} />
      </td>
      <td data-label="Workspace ID">{row.workspaceReferenceId}</td>
      <Cell text={row.incomingLenderReference} label="Incoming lender reference" />
    </tr>
  );
}

export function WorkspaceTable({ page }: { page: ListPage }) {
  const { state, rows } = page;
  const sort = state.sort;
  const nextLabel = page.options.sorts.find((option) => option.value === nextSort(sort))?.label;
  const next = nextSort(sort);
  const ariaSort = sort === "ASC" ? "ascending" : sort === "DESC" ? "descending" : undefined;
  return (
    <div className="overflow-auto">
      <table className="workspace-table striped stack-table">
        <caption className="visually-hidden">Workspaces</caption>
        {/* Fixed widths where the content is short and known (a date, a status, an id); the texts share the rest. */}
        <colgroup>
          <col className="col-applicant" />
          <col className="col-address" />
          <col className="col-date" />
          <col className="col-status" />
          <col className="col-id" />
          <col className="col-reference" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Applicant name</th>
            <th scope="col">Security address</th>
            <th scope="col" aria-sort={ariaSort}>
              <PlainLink to={listHref(state, { sort: next })} className="sort-link" preventScrollReset>
                Completion date
                <span aria-hidden="true" className="sort-icon">
                  {sort === "ASC" ? " ▲" : sort === "DESC" ? " ▼" : " ↕"}
                </span>
                <span className="visually-hidden">
                  {nextLabel ? `, sort ${nextLabel.toLowerCase()}` : ", clear the sort"}
                </span>
              </PlainLink>
            </th>
            <th scope="col">Status</th>
            <th scope="col">Workspace ID</th>
            <th scope="col">Incoming lender reference</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row key={row.workspaceId} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
