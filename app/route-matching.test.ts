/**
 * The server's route matching keeps each route tree's ranked branches and each pattern's compiled expression,
 * and its static router each routes array's data routes (patches/, decision 0922): every request is still
 * matched and rendered by its own path, with its own params and data, whatever was matched before, and a tree
 * changed for a new array is ranked again.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { useLoaderData, useParams } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
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

describe("the static router with its data routes made once", () => {
  function Tab() {
    const params = useParams();
    const data = useLoaderData() as { loadedFor: string };
    return createElement("p", null, `${params.workspaceId} ${params.tab} loaded for ${data.loadedFor}`);
  }
  const tree = [
    {
      id: "workspace",
      path: "/workspaces/:workspaceId",
      children: [
        {
          id: "tab",
          path: ":tab",
          loader: ({ params }: { params: Record<string, string | undefined> }) => ({ loadedFor: params.tab }),
          Component: Tab,
        },
      ],
    },
  ];
  const { query, dataRoutes } = createStaticHandler(tree);

  async function render(path: string) {
    const context = await query(new Request(`http://localhost${path}`));
    if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
    return renderToString(
      createElement(StaticRouterProvider, {
        router: createStaticRouter(dataRoutes, context),
        context,
        hydrate: false,
      }),
    );
  }

  it("renders each request by its own path and data, from the same routes, in turn and again", async () => {
    for (let round = 0; round < 2; round++) {
      expect(await render("/workspaces/w1/documents")).toContain("w1 documents loaded for documents");
      expect(await render("/workspaces/w2/financials")).toContain("w2 financials loaded for financials");
    }
  });
});
