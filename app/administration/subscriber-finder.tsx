/**
 * The helpdesk administrator's "Find a subscriber" search (docs/decisions/0903 and 0906): a search box
 * (`?subscriber=`) with Find, a select offering the chosen subscriber and the first matches by name
 * (`?subscriberId=`), and a status line saying how many were found. Only the fields: each page puts them in
 * its own GET form beside what it carries and its own submit button, so it works without JavaScript.
 */

/** The text searched for, how many subscribers are offered and how many match it. */
export interface SubscribersFound {
  name: string;
  shown: number;
  total: number;
}

/** What the status line says: more than are offered, how many were found, none; nothing without a search. */
export function subscribersFoundMessage({ name, shown, total }: SubscribersFound): string | null {
  if (total > shown) return `Showing ${shown} of ${total} subscribers: type more of the name to find the others.`;
  if (!name) return null;
  return total === 0 ? `No subscriber's name contains "${name}".` : `${total} subscriber(s) found.`;
}

/**
 * The search box that finds subscribers by name, with its Find button: the finder's first field, and the
 * whole search of /subscribers. `param` is the URL parameter it fills; `secondary` when a form has another
 * submit (Find only searches again and does not ask for the form's required fields first).
 */
export function SubscriberNameField({
  id,
  param,
  name,
  describedBy,
  secondary = false,
}: {
  id: string;
  param: string;
  name: string;
  describedBy?: string;
  secondary?: boolean;
}) {
  return (
    <div className="inline-field">
      <label htmlFor={id}>Find a subscriber</label>
      <input id={id} type="search" name={param} defaultValue={name} key={name} maxLength={200} aria-describedby={describedBy} />
      <button type="submit" className={secondary ? "secondary" : undefined} formNoValidate={secondary || undefined}>
        Find<span className="visually-hidden"> subscribers</span>
      </button>
    </div>
  );
}

export function SubscriberFinder({
  id,
  label,
  allLabel,
  subscribers,
  chosenId,
  found,
}: {
  /** The select's id; the search box and the status line take it as a prefix. */
  id: string;
  /** The select's label. */
  label: string;
  /** An option that chooses no subscriber ("All subscribers"); without it a subscriber must be chosen. */
  allLabel?: string;
  subscribers: readonly { subscriberId: string; name: string }[];
  chosenId: string | null;
  found: SubscribersFound;
}) {
  const message = subscribersFoundMessage(found);
  const messageId = `${id}-found`;
  return (
    <>
      <SubscriberNameField id={`${id}-name`} param="subscriber" name={found.name} describedBy={message ? messageId : undefined} secondary />
      <div className="inline-field">
        <label htmlFor={id}>{label}</label>
        <select id={id} name="subscriberId" defaultValue={chosenId ?? ""} key={`${chosenId ?? ""}-${found.name}`} required={allLabel === undefined}>
          {allLabel === undefined ? (
            <option value="" disabled>
              Choose a subscriber
            </option>
          ) : (
            <option value="">{allLabel}</option>
          )}
          {subscribers.map((subscriber) => (
            <option key={subscriber.subscriberId} value={subscriber.subscriberId}>
              {subscriber.name}
            </option>
          ))}
        </select>
      </div>
      {message ? (
        <p id={messageId} className="hint" role="status">
          {message}
        </p>
      ) : null}
    </>
  );
}
