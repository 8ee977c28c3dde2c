/**
 * The switch-subscriber confirmation (document 1 section 2.3), with core's title, message and buttons
 * (SWITCH_SUBSCRIBER_DIALOG, handed in by the page or the header). Shown as a page without JavaScript and
 * in a dialog with it; the switch itself is a native POST, since it continues to the identity provider.
 */
import type { ReactNode } from "react";
import { CsrfInput } from "./csrf-input";
import type { SwitchSubscriberTexts } from "./header-model.server";

export function SwitchSubscriberConfirmation({
  subscriberId,
  subscriberName,
  texts,
  heading: Heading,
  titleId,
  cancel,
}: {
  subscriberId: string;
  subscriberName: string;
  texts: SwitchSubscriberTexts;
  heading: "h1" | "h2";
  titleId: string;
  /** The Cancel control (labelled texts.cancel): a link back on the page, a close button in the dialog. */
  cancel: ReactNode;
}) {
  return (
    <>
      <header>
        <Heading id={titleId}>{texts.title}</Heading>
      </header>
      <p>{texts.message}</p>
      <p>
        You will continue as a user of <strong>{subscriberName}</strong>.
      </p>
      <footer className="actions">
        {cancel}
        <form method="post" action="/switch-subscriber">
          <CsrfInput />
          <input type="hidden" name="subscriberId" value={subscriberId} />
          <button type="submit">{texts.confirm}</button>
        </form>
      </footer>
    </>
  );
}
