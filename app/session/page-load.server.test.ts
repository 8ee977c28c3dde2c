import { describe, expect, it } from "vitest";
import { oncePerPageLoad, REQUEST_ID_HEADER } from "./page-load.server";

/** A copy of the page load's request, as Remix hands one to each loader. */
function copy(id: string | null, cookie = "session=a", method = "GET") {
  const headers = new Headers({ cookie });
  if (id) headers.set(REQUEST_ID_HEADER, id);
  return new Request("http://app.test/workspaces/1/participants", { method, headers });
}

function counter() {
  let reads = 0;
  return { read: async () => ++reads, get reads() { return reads; } };
}

describe("oncePerPageLoad", () => {
  it("reads once for the loaders of one page load, each with its own copy of the request", async () => {
    const source = counter();
    const answers = await Promise.all([1, 2, 3].map(() => oncePerPageLoad(copy("page-1"), "workspace", source.read)));
    expect(answers).toEqual([1, 1, 1]);
    expect(source.reads).toBe(1);
  });

  it("shares nothing between page loads, nor with a request naming the same id without the same cookies", async () => {
    const source = counter();
    await oncePerPageLoad(copy("page-2"), "workspace", source.read);
    await oncePerPageLoad(copy("page-3"), "workspace", source.read);
    expect(await oncePerPageLoad(copy("page-2", "session=someone-else"), "workspace", source.read)).toBe(3);
    expect(source.reads).toBe(3);
  });

  it("shares nothing without the origin guard's id, nor for a post (its loaders read what the action wrote)", async () => {
    const source = counter();
    await oncePerPageLoad(copy(null), "workspace", source.read);
    await oncePerPageLoad(copy(null), "workspace", source.read);
    await oncePerPageLoad(copy("page-4", "session=a", "POST"), "workspace", source.read);
    await oncePerPageLoad(copy("page-4", "session=a", "POST"), "workspace", source.read);
    expect(source.reads).toBe(4);
  });

  it("keeps different reads of one page load apart", async () => {
    expect(await oncePerPageLoad(copy("page-5"), "session", async () => "session")).toBe("session");
    expect(await oncePerPageLoad(copy("page-5"), "workspace", async () => "workspace")).toBe("workspace");
  });
});
