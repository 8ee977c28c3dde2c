/**
 * The header of the authenticated app (document 1 section 2.3): logo, tabs by permission, the help centre
 * and the profile menu.
 */
import { useLocation } from "@remix-run/react";
import type { HeaderModel } from "./header-model.server";
import { PlainLink } from "./plain-link";
import { ProfileMenu } from "./profile-menu";

export function AppHeader({ header, helpUrl }: { header: HeaderModel; helpUrl: string }) {
  const { pathname } = useLocation();
  const onWorkspaces = pathname === "/workspaces" || pathname === "/workspaces/";
  return (
    <header className="app-header">
      <nav aria-label="Main" className="container-fluid">
        <ul>
          <li>
            {/* On the workspace list the logo reloads it; elsewhere it goes to the landing page. */}
            <PlainLink to="/workspaces" reloadDocument={onWorkspaces} className="logo">
              <img src="/logo.svg" alt="Convey workspaces" width="128" height="32" />
            </PlainLink>
          </li>
        </ul>
        <ul className="tabs">
          {header.tabs.map((tab) => (
            <li key={tab.to}>
              <PlainLink to={tab.to} aria-current={pathname === tab.to || pathname.startsWith(`${tab.to}/`) ? "page" : undefined}>
                {tab.label}
              </PlainLink>
            </li>
          ))}
        </ul>
        <ul>
          <li>
            <a href={helpUrl} target="_blank" rel="noopener noreferrer" className="help-link">
              <span aria-hidden="true" className="help-icon">
                ?
              </span>
              Help centre<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
          <li>
            <ProfileMenu header={header} />
          </li>
        </ul>
      </nav>
    </header>
  );
}
