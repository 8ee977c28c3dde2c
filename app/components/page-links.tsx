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
          {previous ? (
            <Link to={previous} rel="prev" preventScrollReset>
              Previous<span className="visually-hidden"> page</span>
            </Link>
          ) : (
            <span aria-disabled="true">
              Previous<span className="visually-hidden"> page</span>
            </span>
          )}
        </li>
        <li>
          {next ? (
            <Link to={next} rel="next" preventScrollReset>
              Next<span className="visually-hidden"> page</span>
            </Link>
          ) : (
            <span aria-disabled="true">
              Next<span className="visually-hidden"> page</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
