/**
 * A list's range label and its Previous and Next page links (plain links: paging works without
 * JavaScript). A link that leads nowhere (the first or the last page) is shown disabled.
 */
import { Link } from "@remix-run/react";

export function PageLinks({ range, previous, next }: { range: string; previous: string | null; next: string | null }) {
  return (
    <nav aria-label="Pagination" className="pagination">
      <p className="range-label" aria-live="polite">
        {range}
      </p>
      <ul>
        <li>
          <PageLink to={previous} rel="prev" label="Previous" />
        </li>
        <li>
          <PageLink to={next} rel="next" label="Next" />
        </li>
      </ul>
    </nav>
  );
}

function PageLink({ to, rel, label }: { to: string | null; rel: "prev" | "next"; label: string }) {
  const text = (
    <>
      {label}
      <span className="visually-hidden"> page</span>
    </>
  );
  return to ? (
    <Link to={to} rel={rel} preventScrollReset>
      {text}
    </Link>
  ) : (
    <span aria-disabled="true">{text}</span>
  );
}
