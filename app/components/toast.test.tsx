import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ToastMessage } from "./toast";

describe("ToastMessage", () => {
  it("announces an error toast as an alert, as plain text before any JavaScript runs", () => {
    const html = renderToStaticMarkup(
      <ToastMessage toast={{ kind: "error", title: "Conflict", message: "Refresh the page and try again." }} />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain("<strong>Conflict</strong>");
    expect(html).toContain("Refresh the page and try again.");
    expect(html).not.toContain("<button");
  });

  it("announces other toasts politely", () => {
    const html = renderToStaticMarkup(<ToastMessage toast={{ kind: "success", title: "Saved", message: "Changes saved" }} />);
    expect(html).toContain('role="status"');
  });

  it("renders nothing without a toast", () => {
    expect(renderToStaticMarkup(<ToastMessage toast={null} />)).toBe("");
  });
});
