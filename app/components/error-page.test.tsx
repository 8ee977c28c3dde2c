import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorPage } from "./error-page";

/** The error page as the browser receives it, at `path`. */
function render(status: number, path = "/workspaces/ws-1/overview?tab=1") {
  return renderToStaticMarkup(
    <StaticRouter location={path}>
      <ErrorPage status={status} />
    </StaticRouter>,
  );
}

/** The page's button: its label and where it goes, or null. */
function button(html: string) {
  const match = /<a[^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/.exec(html);
  return match ? { to: match[1], label: match[2] } : null;
}

describe("the error page by status (document 1 sections 2.7 and 8)", () => {
  it.each([
    [500, "Internal server error", { label: "Try Again", to: "/workspaces" }],
    [503, "Service unavailable", null],
    [504, "Request timeout", { label: "Try Again", to: "/workspaces/ws-1/overview?tab=1" }],
    [400, "Uh-oh, bad request", { label: "Try Again", to: "/workspaces/ws-1/overview?tab=1" }],
    [401, "You are not authorised", null],
    [403, "You do not have access", { label: "Go to workspaces", to: "/workspaces" }],
    [404, "Page not found", { label: "Go to workspaces", to: "/workspaces" }],
  ])("%i: '%s' with its button", (status, title, action) => {
    const html = render(status);
    expect(html).toContain(`<h1 id="error-page-title">${title}</h1>`);
    expect(html).toContain(`Error ${status}`);
    expect(button(html)).toEqual(action);
  });

  it("an unknown status above 500 falls back to 'Something went wrong' with Try Again on the same page", () => {
    const html = render(507, "/users?q=ann");
    expect(html).toContain("Something went wrong");
    expect(button(html)).toEqual({ label: "Try Again", to: "/users?q=ann" });
  });

  it("an unknown status of 500 or below falls back without a retry", () => {
    const html = render(418);
    expect(html).toContain("Something went wrong");
    expect(button(html)).toBeNull();
  });

  it("says what was wrong with a refused form", () => {
    const html = renderToStaticMarkup(
      <StaticRouter location="/create-workspace">
        <ErrorPage status={413} detail="The form is too large to be sent." />
      </StaticRouter>,
    );
    expect(html).toContain("Error 413");
    expect(html).toContain("<p>The form is too large to be sent.</p>");
  });
});
