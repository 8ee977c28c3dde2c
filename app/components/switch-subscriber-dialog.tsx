/** The switch-subscriber confirmation as a native modal <dialog> (focus, Escape and backdrop from the browser). */
import { useEffect, useRef } from "react";
import type { SwitchableSubscriber } from "./header-model";
import { SwitchSubscriberConfirmation } from "./switch-subscriber-confirmation";

export function SwitchSubscriberDialog({ subscriber, onClose }: { subscriber: SwitchableSubscriber; onClose: () => void }) {
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
          heading="h2"
          titleId="switch-subscriber-title"
          cancel={
            <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
          }
        />
      </article>
    </dialog>
  );
}
