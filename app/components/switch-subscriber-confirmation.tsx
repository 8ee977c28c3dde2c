/**
 * The switch-subscriber confirmation (document 1 section 2.3): 'Discard Changes?', 'Changes you made may
 * not be saved', Cancel and Switch Subscriber. Shown as a page without JavaScript and in a dialog with it;
 * the switch itself is a native POST, since it continues to the identity provider.
 */
import type { ReactNode } from "react";
import { CsrfInput } from "./csrf-input";

export const SWITCH_SUBSCRIBER_TITLE = "Discard Changes?";
export const SWITCH_SUBSCRIBER_MESSAGE = "Changes you made may not be saved";

export function SwitchSubscriberConfirmation({
  subscriberId,
  subscriberName,
  heading: Heading,
  titleId,
  cancel,
}: {
  subscriberId: string;
  subscriberName: string;
  heading: "h1" | "h2";
  titleId: string;
  /** The Cancel control: a link back on the page, a close button in the dialog. */
  cancel: ReactNode;
}) {
  return (
    <>
      <header>
        <Heading id={titleId}>{SWITCH_SUBSCRIBER_TITLE}</Heading>
      </header>
      <p>{SWITCH_SUBSCRIBER_MESSAGE}</p>
      <p>
        You will continue as a user of <strong>{subscriberName}</strong>.
      </p>
      <footer className="actions">
        {cancel}
        <form method="post" action="/switch-subscriber">
          <CsrfInput />
          <input type="hidden" name="subscriberId" value={subscriberId} />
          <button type="submit">Switch Subscriber</button>
        </form>
      </footer>
    </>
  );
}
