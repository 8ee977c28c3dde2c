/**
 * The Financials tab (document 2 section 2.3): the completion date card with approve or unapprove
 * financials, the amount payable on completion, the fund source and fund destination cards listing line
 * items as accordions (<details>, so they open without JavaScript), each item's bank verification badge and
 * alert (4.7), and a Cancel workspace button at the foot. Every action is a link to its inline view, which
 * opens beside its subject; a disabled action shows its reason as text.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Control, FinancialsView, FundCard, ItemCard, OpenView } from "./financials-view";

export function ControlLink({ control, id }: { control: Control | null; id: string }) {
  if (!control) return null;
  if (!control.disabled) {
    return (
      <Link to={control.href} className="button secondary outline inline-action" preventScrollReset>
        {control.label}
      </Link>
    );
  }
  const reasonId = `${id}-reason`;
  return (
    <span className="disabled-action">
      <button type="button" className="secondary outline inline-action" aria-disabled="true" aria-describedby={reasonId}>
        {control.label}
      </button>
      <small id={reasonId} className="disabled-reason">
        {control.reason}
      </small>
    </span>
  );
}

function Actions({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="financials-actions" role="group" aria-label={label}>
      {children}
    </div>
  );
}

/** Where an open inline view belongs on the page. */
export type OpenPlace = { kind: "completion" } | { kind: "amount-payable" } | { kind: "card"; type: string } | { kind: "item"; lineItemId: string };

export function placeOf(open: OpenView): OpenPlace {
  switch (open.view) {
    case "completion-date":
    case "approve":
    case "unapprove":
      return { kind: "completion" };
    case "amount-payable":
      return { kind: "amount-payable" };
    case "add-fund":
      return { kind: "card", type: open.type ?? "DESTINATION" };
    default:
      return { kind: "item", lineItemId: open.item ?? "" };
  }
}

export function samePlace(a: OpenPlace | null, b: OpenPlace): boolean {
  return a !== null && JSON.stringify(a) === JSON.stringify(b);
}

export interface TabProps {
  view: FinancialsView;
  renderOpen: (where: OpenPlace) => ReactNode;
  /** The retry form of an item whose check failed (rendered by the route, which knows the form machinery). */
  renderRetry: (item: ItemCard) => ReactNode;
}

export function FinancialsTab({ view, renderOpen, renderRetry }: TabProps) {
  return (
    <section className="tab-panel financials-tab" aria-labelledby="tab-title">
      <h2 id="tab-title">Financials</h2>
      {view.editReason ? (
        <p className="notice notice-warning" role="note">
          {view.editReason}
        </p>
      ) : null}
      <section className="financials-card" aria-labelledby="completion-title">
        <h3 id="completion-title">Completion date</h3>
        <dl className="financials-facts">
          <div>
            <dt>Completion date</dt>
            <dd data-testid="completion-date">{view.completionDate.display}</dd>
          </div>
          <div>
            <dt>Financials</dt>
            <dd data-testid="approval-status">{view.approvalStatusLabel}</dd>
          </div>
        </dl>
        <Actions label="Completion date and approval">
          <ControlLink control={view.completionDate.edit} id="completion-edit" />
          <ControlLink control={view.approve} id="approve" />
          <ControlLink control={view.unapprove} id="unapprove" />
        </Actions>
        {renderOpen({ kind: "completion" })}
      </section>
      {view.amountPayable ? (
        <section className="financials-card" aria-labelledby="amount-payable-title">
          <h3 id="amount-payable-title">Amount payable on completion</h3>
          <p data-testid="amount-payable">{view.amountPayable.display}</p>
          <Actions label="Amount payable on completion">
            <ControlLink control={view.amountPayable.edit} id="amount-payable-edit" />
          </Actions>
          {renderOpen({ kind: "amount-payable" })}
        </section>
      ) : null}
      {view.source ? <FundCardView card={view.source} renderOpen={renderOpen} renderRetry={renderRetry} /> : null}
      <FundCardView card={view.destination} renderOpen={renderOpen} renderRetry={renderRetry} />
      {view.cancelWorkspace && !view.cancelWorkspace.disabled ? (
        <p className="financials-foot">
          <Link to={view.cancelWorkspace.href} className="button secondary outline">
            {view.cancelWorkspace.label}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function FundCardView({ card, renderOpen, renderRetry }: { card: FundCard; renderOpen: TabProps["renderOpen"]; renderRetry: TabProps["renderRetry"] }) {
  const titleId = `${card.type.toLowerCase()}-title`;
  return (
    <section className="financials-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{card.title}</h3>
      {card.hiddenReason ? <p>{card.hiddenReason}</p> : null}
      {!card.hiddenReason && card.items.length === 0 ? <p>{card.empty}</p> : null}
      {card.items.length > 0 ? (
        <>
          <ul className="line-items">
            {card.items.map((item) => (
              <li key={item.lineItemId}>
                <ItemView item={item} renderOpen={renderOpen} renderRetry={renderRetry} />
              </li>
            ))}
          </ul>
          <p className="financials-total">
            Total: <strong>{card.total}</strong>
          </p>
        </>
      ) : null}
      <Actions label={card.title}>
        <ControlLink control={card.add} id={`${card.type.toLowerCase()}-add`} />
      </Actions>
      {renderOpen({ kind: "card", type: card.type })}
    </section>
  );
}

function ItemView({ item, renderOpen, renderRetry }: { item: ItemCard; renderOpen: TabProps["renderOpen"]; renderRetry: TabProps["renderRetry"] }) {
  const open = renderOpen({ kind: "item", lineItemId: item.lineItemId });
  const id = `item-${item.lineItemId}`;
  return (
    <details id={id} className="line-item" open={item.isOpen || Boolean(open) || undefined}>
      <summary>
        <span className="line-item-category">{item.categoryLabel}</span> <span className="line-item-amount">{item.amount}</span>{" "}
        {item.badgeLabel ? <span className={`tag badge-${item.badge}`}>{item.badgeLabel}</span> : null}{" "}
        {item.authorisedLabel ? <span className={`tag ${item.authorised ? "tag-success" : ""}`}>{item.authorisedLabel}</span> : null}
      </summary>
      <dl className="financials-facts">
        <div>
          <dt>Category</dt>
          <dd>{item.categoryLabel}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{item.amount}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{item.reference}</dd>
        </div>
        {item.lineItemReference ? (
          <div>
            <dt>Line item reference</dt>
            <dd>{item.lineItemReference}</dd>
          </div>
        ) : null}
        {item.bankAccount ? (
          <>
            <div>
              <dt>Account name</dt>
              <dd>{item.bankAccount.accountName}</dd>
            </div>
            <div>
              <dt>Sort code</dt>
              <dd>{item.bankAccount.sortCode}</dd>
            </div>
            <div>
              <dt>Account number</dt>
              <dd>{item.bankAccount.accountNumber}</dd>
            </div>
            <div>
              <dt>Account type</dt>
              <dd>{item.bankAccount.accountType}</dd>
            </div>
          </>
        ) : null}
        {item.badgeLabel ? (
          <div>
            <dt>Bank account</dt>
            <dd>{item.badgeLabel}</dd>
          </div>
        ) : null}
        {item.authorisedLabel ? (
          <div>
            <dt>Authorisation</dt>
            <dd>{item.authorisedLabel}</dd>
          </div>
        ) : null}
      </dl>
      {item.accepted ? <p className="accepted-by">{item.accepted}</p> : null}
      {item.notice ? (
        <p className="notice notice-warning" role="note">
          {item.notice}
        </p>
      ) : null}
      {item.alert ? (
        <div className="notice notice-warning verification-alert" data-testid="verification-alert">
          <h4>Account not verified</h4>
          <p>{item.alert.message}</p>
          {item.alert.actualName ? (
            <p>
              Name held by the bank: <strong>{item.alert.actualName}</strong>
            </p>
          ) : null}
          <p>An unverified account cannot be used: the workspace cannot proceed with this line item until it is verified or accepted.</p>
          <Actions label="Account verification">
            {renderRetry(item)}
            <ControlLink control={item.alert.accept} id={`${id}-accept`} />
          </Actions>
        </div>
      ) : null}
      <Actions label={`${item.categoryLabel} actions`}>
        <ControlLink control={item.authorise} id={`${id}-authorise`} />
        <ControlLink control={item.unauthorise} id={`${id}-unauthorise`} />
        <ControlLink control={item.edit} id={`${id}-edit`} />
        <ControlLink control={item.delete} id={`${id}-delete`} />
      </Actions>
      {open}
    </details>
  );
}
