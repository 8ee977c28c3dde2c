/**
 * The profile menu: avatar initials, full name and selected subscriber in the summary of a <details>
 * dropdown (works without JavaScript), then change-subscriber, the lodgement identifier and financial
 * account links, and Log out (a POST form with the CSRF token).
 */
import { useLocation } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { CsrfInput } from "./csrf-input";
import type { HeaderModel, SwitchableSubscriber } from "./header-model.server";
import { PlainLink } from "./plain-link";
import { SwitchSubscriberDialog } from "./switch-subscriber-dialog";
import { useCloseOnOutside } from "./use-close-on-outside";

export function ProfileMenu({ header }: { header: HeaderModel }) {
  const details = useCloseOnOutside();
  const location = useLocation();
  const [switchTo, setSwitchTo] = useState<SwitchableSubscriber | null>(null);
  const returnTo = `${location.pathname}${location.search}`;

  const openSwitchDialog = (event: MouseEvent<HTMLAnchorElement>, subscriber: SwitchableSubscriber) => {
    // With JavaScript the confirmation opens in place; without it the link opens it as a page.
    event.preventDefault();
    if (details.current) details.current.open = false;
    setSwitchTo(subscriber);
  };

  return (
    <>
      <details ref={details} className="dropdown profile-menu">
        <summary>
          <span className="avatar" aria-hidden="true">
            {header.initials}
          </span>
          <span className="profile-names">
            <span className="profile-name">{header.fullName}</span>
            {header.subscriberName ? <span className="profile-subscriber">{header.subscriberName}</span> : null}
          </span>
        </summary>
        <ul>
          {/* On a narrow screen the summary shows the avatar only: the name and subscriber show here
              (the summary still names them to screen readers, so this copy is hidden from them). */}
          <li className="narrow-only profile-heading" aria-hidden="true">
            <span className="profile-name">{header.fullName}</span>
            {header.subscriberName ? <span className="profile-subscriber">{header.subscriberName}</span> : null}
          </li>
          {header.switchableSubscribers.length > 0 ? (
            <li className="menu-group">
              <span id="change-subscriber-label" className="menu-group-label">
                Change subscriber
              </span>
              <ul aria-labelledby="change-subscriber-label">
                {header.switchableSubscribers.map((subscriber) => (
                  <li key={subscriber.subscriberId}>
                    {subscriber.current ? (
                      <span aria-current="true" className="menu-current">
                        {subscriber.name} <span className="visually-hidden">(current subscriber)</span>
                      </span>
                    ) : (
                      <PlainLink
                        to={`/switch-subscriber?${new URLSearchParams({ subscriberId: subscriber.subscriberId, returnTo })}`}
                        onClick={(event) => openSwitchDialog(event, subscriber)}
                      >
                        {subscriber.name}
                      </PlainLink>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ) : null}
          {header.showLodgementIdentifier ? (
            header.lodgementIdentifierAddNow ? (
              <li className="menu-warning">
                <span>No lodgement identifier yet.</span> <PlainLink to="/lodgement/identifiers">Add now</PlainLink>
              </li>
            ) : (
              <li>
                <PlainLink to="/lodgement/identifiers">Lodgement identifier</PlainLink>
              </li>
            )
          ) : null}
          {header.showFinancialAccounts ? (
            <li>
              <PlainLink to="/financial-accounts">{header.texts.manageFinancialAccounts}</PlainLink>
            </li>
          ) : null}
          <li>
            <form method="post" action="/logout" className="logout-form">
              <CsrfInput />
              <button type="submit" className="secondary">
                Log out
              </button>
            </form>
          </li>
        </ul>
      </details>
      {switchTo ? <SwitchSubscriberDialog subscriber={switchTo} texts={header.texts.switchSubscriber} onClose={() => setSwitchTo(null)} /> : null}
    </>
  );
}
