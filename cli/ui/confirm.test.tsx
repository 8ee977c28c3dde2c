import { render } from "ink-testing-library";
import { stripVTControlCharacters } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup } from "ink-testing-library";
import { Confirm } from "./confirm.js";
import { statusChangeQuestion } from "./users.js";
import { user } from "../../tests/cli/fake-provider.js";

afterEach(() => cleanup());

const frame = (lastFrame: () => string | undefined) => stripVTControlCharacters(lastFrame() ?? "");
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

function renderSuspend() {
  const onAnswer = vi.fn();
  const view = render(<Confirm {...statusChangeQuestion(user(), "suspend")} onAnswer={onAnswer} />);
  return { ...view, onAnswer };
}

describe("Confirm", () => {
  it("asks the suspend question of document 3 section 8.4, starting on 'No, cancel'", () => {
    const { lastFrame } = renderSuspend();

    expect(frame(lastFrame)).toBe(
      [
        "Suspend Jane Smith (jane.smith@ashdown.example)?",
        "The user will no longer be able to access the product and any active sessions will be logged out.",
        "You can unsuspend the user at any time.",
        "",
        "  Yes, suspend",
        "❯ No, cancel",
      ].join("\n"),
    );
  });

  it("Enter on the starting answer cancels", async () => {
    const { stdin, onAnswer, lastFrame } = renderSuspend();
    await tick();
    stdin.write("\r");
    await tick();

    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(false);
    expect(frame(lastFrame)).toContain("No, cancel");
    expect(frame(lastFrame)).not.toContain("Yes, suspend");
  });

  it("moving to 'Yes, suspend' and pressing Enter confirms", async () => {
    const { stdin, onAnswer, lastFrame } = renderSuspend();
    await tick();
    stdin.write("\u001B[A");
    await tick();
    expect(frame(lastFrame)).toContain("❯ Yes, suspend");
    stdin.write("\r");
    await tick();

    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(true);
  });

  it.each([
    ["y", true],
    ["n", false],
    ["\u001B", false],
  ])("the key %j answers %s at once, and only once", async (key, expected) => {
    const { stdin, onAnswer } = renderSuspend();
    await tick();
    stdin.write(key);
    await tick();
    stdin.write("y");
    await tick();

    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(expected);
  });

  it("the unsuspend question says access is restored", () => {
    const { lastFrame } = render(
      <Confirm {...statusChangeQuestion(user({ status: "Suspended" }), "unsuspend")} onAnswer={() => undefined} />,
    );

    expect(frame(lastFrame)).toContain("Unsuspend Jane Smith (jane.smith@ashdown.example)?");
    expect(frame(lastFrame)).toContain("The user's access to the product will be restored.");
    expect(frame(lastFrame)).toContain("Yes, unsuspend");
  });
});
