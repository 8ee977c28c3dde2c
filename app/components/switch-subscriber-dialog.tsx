/** The switch-subscriber confirmation as a native modal <dialog> (focus, Escape and backdrop from the browser). */
import { useEffect, useRef } from "react";
import type { SwitchableSubscriber, SwitchSubscriberTexts } from "./header-model.server";
import { SwitchSubscriberConfirmation } from "./switch-subscriber-confirmation";

export function SwitchSubscriberDialog({
  subscriber,
  texts,
  onClose,
}: {
  subscriber: SwitchableSubscriber;
  texts: SwitchSubscriberTexts;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog ref={dialog} aria-labelledby="switch-subscriber-title" onClose={onClose}>
      <article>
        <SwitchSubscriberConfirmation
          subscriberId={subscriber.subscriberId}
          subscriberName={subscriber.name}
          texts={texts}
          heading="h2"
          titleId="switch-subscriber-title"
          cancel={
            <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
              {texts.cancel}
            </button>
          }
        />
      </article>
    </dialog>
  );
}
