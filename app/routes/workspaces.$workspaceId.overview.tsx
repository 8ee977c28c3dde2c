/**
 * The overview tab (document 3 section 2.2), as far as the workspace itself tells it: the tasks, split into
 * those for the user's participant role and those for others, and the recent activity (the milestones
 * reached; a cancelled workspace shows created and cancelled, with the reason). Upcoming activities and
 * who completed each task need calls this issue does not make, so they are not shown.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-page";
import { tabMeta, WORKSPACE_ROUTE_ID } from "../workspaces/tab-meta";
import type { WorkspaceView } from "../workspaces/workspace-view";
import { useRootData } from "../utils/root-data";

type Task = WorkspaceView["tasks"][number];

export default function OverviewTab() {
  const data = useRouteLoaderData(WORKSPACE_ROUTE_ID) as { view: WorkspaceView } | undefined;
  const fullName = useRootData()?.header?.fullName ?? "";
  if (!data) return null;
  const { view } = data;
  const pending = view.tasks.filter((task) => task.status === "PENDING");
  const forYou = pending.filter((task) => task.forYou);
  const forOthers = pending.filter((task) => !task.forYou);
  const completed = view.tasks.filter((task) => task.status !== "PENDING");
  return (
    <section className="tab-panel" aria-labelledby="tab-title">
      <h2 id="tab-title">Overview</h2>
      {fullName ? <p className="greeting">Hi {fullName.split(" ")[0]}</p> : null}
      <div className="grid">
        <TaskList title="Tasks for you" tasks={forYou} empty="No tasks for you right now." />
        <TaskList title="Tasks for others" tasks={forOthers} empty="No tasks for others right now." />
      </div>
      {completed.length > 0 ? <TaskList title="Completed tasks" tasks={completed} empty="" /> : null}
      <section aria-labelledby="recent-activity-title">
        <h3 id="recent-activity-title">Recent activity</h3>
        <ul>
          {view.milestones.map((milestone) => (
            <li key={milestone}>
              {milestone}
              {milestone === "Cancelled" && view.cancellation ? (
                <>
                  {" "}
                  on {view.cancellation.actionedAt}: {view.cancellation.reason}
                  {view.cancellation.notes ? ` (${view.cancellation.notes})` : null}
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

function TaskList({ title, tasks, empty }: { title: string; tasks: Task[]; empty: string }) {
  const id = `tasks-${title.replace(/\s+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {tasks.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="task-list">
          {tasks.map((task) => (
            <li key={task.taskName}>
              {task.title}
              {task.optional ? <span className="tag"> if applicable</span> : null}
              {task.status !== "PENDING" && task.completedAt ? <span className="more"> (completed {task.completedAt})</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta = tabMeta("Overview");

export const ErrorBoundary = GeneralErrorBoundary;
