import { cleanup, render } from "ink-testing-library";
import { stripVTControlCharacters } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { HELPDESK_ME } from "../../tests/cli/fake-provider.js";
import { DeviceCode } from "./device-code.js";
import { Message } from "./message.js";
import { renderToString } from "./render.js";
import { ThemeProvider } from "./theme.js";
import { WhoAmI } from "./whoami.js";

afterEach(() => cleanup());

const frame = (lastFrame: () => string | undefined) => stripVTControlCharacters(lastFrame() ?? "");

describe("WhoAmI", () => {
  it("lists name, email, subscriber, roles and provider in two columns", () => {
    const me = {
      ...HELPDESK_ME,
      selectedSubscriber: {
        subscriberId: "sub-northgate",
        name: "Northgate Bank",
        entityType: "Lender" as const,
        status: "Active" as const,
        isPrimary: true,
        authenticationType: "ENTERPRISE_CONNECTION" as const,
      },
      roles: ["User Manager", "Workspace Viewer"],
    };
    const { lastFrame } = render(<WhoAmI me={me} apiUrl="http://localhost:4000" profile="ops" />);

    expect(frame(lastFrame)).toBe(
      [
        "Name        Helen Desk",
        "Email       helen.desk@convey.example",
        "Subscriber  Northgate Bank (Lender)",
        "Roles       User Manager, Workspace Viewer",
        "Provider    http://localhost:4000 (profile ops)",
      ].join("\n"),
    );
  });

  it("says when no subscriber is selected and when there are no roles", () => {
    const { lastFrame } = render(<WhoAmI me={{ ...HELPDESK_ME, roles: [] }} apiUrl="http://x" profile="default" />);

    expect(frame(lastFrame)).toMatch(/Subscriber\s+None selected/);
    expect(frame(lastFrame)).toMatch(/Roles\s+None/);
  });
});

describe("DeviceCode", () => {
  const props = {
    verificationUri: "http://localhost:4000/oidc/device",
    verificationUriComplete: "http://localhost:4000/oidc/device?user_code=BCDF-GHJK",
    userCode: "BCDF-GHJK",
    expiresInMinutes: 10,
  };

  it("shows where to go, the code, and that it is waiting", () => {
    const { lastFrame } = render(<DeviceCode {...props} state="static" />);

    expect(frame(lastFrame)).toBe(
      [
        "To log in, open this address in a browser:",
        "  http://localhost:4000/oidc/device",
        "and enter the code:",
        "  BCDF-GHJK",
        "(or open http://localhost:4000/oidc/device?user_code=BCDF-GHJK, which fills the code in)",
        "",
        "Waiting for the login to be approved (the code expires in 10 minutes)…",
      ].join("\n"),
    );
  });

  it("ticks the wait off once approved, and crosses it when the login did not complete", () => {
    expect(frame(render(<DeviceCode {...props} state="approved" />).lastFrame)).toContain("✔ Login approved");
    expect(frame(render(<DeviceCode {...props} state="failed" />).lastFrame)).toContain("✖ Login not completed");
  });
});

describe("Message and colour", () => {
  it("prints a symbol, the text, and quieter details", () => {
    const { lastFrame } = render(<Message kind="success" text="Jane has been suspended" details={["one", "two"]} />);

    expect(frame(lastFrame)).toBe(["✔ Jane has been suspended", "  one", "  two"].join("\n"));
  });

  it("renderToString draws the same final frame, with no escape codes when colour is off", () => {
    const text = renderToString(
      <ThemeProvider color={false}>
        <Message kind="error" text="No user with the email x@y.z" />
      </ThemeProvider>,
    );

    expect(text).toBe("✖ No user with the email x@y.z");
    expect(text).toBe(stripVTControlCharacters(text));
  });
});
