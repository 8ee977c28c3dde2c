import { cleanup, render } from "ink-testing-library";
import { stripVTControlCharacters } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { Task } from "./task.js";

afterEach(() => cleanup());

const frame = (lastFrame: () => string | undefined) => stripVTControlCharacters(lastFrame() ?? "");
/** ink-spinner's "dots" frames. */
const DOTS = /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Reading the users of Ashdown Legal$/;

describe("Task", () => {
  it("spins while running, then shows a tick when done", async () => {
    const { lastFrame, rerender } = render(<Task title="Reading the users of Ashdown Legal" state="running" />);
    const first = frame(lastFrame);
    expect(first).toMatch(DOTS);
    await expect.poll(() => frame(lastFrame), { timeout: 2000, interval: 20 }).not.toBe(first);
    expect(frame(lastFrame)).toMatch(DOTS);

    rerender(<Task title="Reading the users of Ashdown Legal" state="done" />);
    expect(frame(lastFrame)).toBe("✔ Reading the users of Ashdown Legal");
  });

  it("shows a cross when the step failed", () => {
    const { lastFrame } = render(<Task title="Saving jane.smith@ashdown.example" state="failed" />);
    expect(frame(lastFrame)).toBe("✖ Saving jane.smith@ashdown.example");
  });
});
