/**
 * The server's route matching keeps each route tree's ranked branches and each pattern's compiled expression
 * (patches/@remix-run+router+*.patch, decision 0922): every request is still matched by its own path, with its
 * own params, whatever was matched before, and a tree changed for a new array is ranked again.
 */
import { matchPath, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      {
        id: "workspace",
        path: "workspaces/:workspaceId",
        children: [
          { id: "tab", path: ":tab" },
          { id: "overview", index: true },
        ],
      },
      { id: "new", path: "workspaces/new" },
      { id: "case", path: "Cases/:id", caseSensitive: true },
      { id: "rest", path: "*" },
    ],
  },
];

const matched = (path: string, tree = routes) =>
  matchRoutes(tree, path)?.map((match) => [match.route.id, match.params]) ?? null;

describe("route matching with its caches", () => {
  it("answers each path by its own matches and params, in any order and again", () => {
    for (let round = 0; round < 2; round++) {
      expect(matched("/workspaces/w1/documents")).toEqual([
        ["root", { workspaceId: "w1", tab: "documents" }],
        ["workspace", { workspaceId: "w1", tab: "documents" }],
        ["tab", { workspaceId: "w1", tab: "documents" }],
      ]);
      expect(matched("/workspaces/new")?.at(-1)).toEqual(["new", {}]);
      expect(matched("/workspaces/w2")?.at(-1)).toEqual(["overview", { workspaceId: "w2" }]);
      expect(matched("/Cases/7")?.at(-1)).toEqual(["case", { id: "7" }]);
      expect(matched("/cases/7")?.at(-1), "case sensitive").toEqual(["rest", { "*": "cases/7" }]);
    }
  });

  it("ranks a new routes array afresh", () => {
    expect(matched("/workspaces/new")?.at(-1)).toEqual(["new", {}]);
    const without = [{ ...routes[0]!, children: routes[0]!.children.filter((route) => route.id !== "new") }];
    expect(matched("/workspaces/new", without)?.at(-1)).toEqual(["overview", { workspaceId: "new" }]);
  });

  it("compiles a pattern by its case sensitivity and end as well as its path", () => {
    expect(matchPath({ path: "/a/:x", caseSensitive: true, end: true }, "/A/1")).toBeNull();
    expect(matchPath({ path: "/a/:x", caseSensitive: false, end: true }, "/A/1")?.params).toEqual({ x: "1" });
    expect(matchPath({ path: "/a/:x", end: true }, "/a/1/more")).toBeNull();
    expect(matchPath({ path: "/a/:x", end: false }, "/a/1/more")?.pathname).toBe("/a/1");
  });
});
