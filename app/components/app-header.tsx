/**
 * The header of the authenticated app (document 1 section 2.3): logo, tabs by permission, the help centre
 * and the profile menu. On a narrow screen (below 60rem) the tabs and the help centre collapse into a
 * Menu disclosure (a <details>, so it works without JavaScript) and the profile menu shows the avatar only;
 * the two forms of the same links are swapped by the stylesheet, so only one is ever shown or focusable.
 */
import { useLocation } from "@remix-run/react";
import type { HeaderModel } from "./header-model.server";
import { PlainLink } from "./plain-link";
import { ProfileMenu } from "./profile-menu";
import { useCloseOnOutside } from "./use-close-on-outside";

function HelpLink({ helpUrl }: { helpUrl: string }) {
  return (
    <a href={helpUrl} target="_blank" rel="noopener noreferrer" className="help-link">
      <span aria-hidden="true" className="help-icon">
        ?
      </span>
      Help centre<span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function TabLinks({ header, pathname }: { header: HeaderModel; pathname: string }) {
  return header.tabs.map((tab) => (
    <li key={tab.to}>
      <PlainLink to={tab.to} aria-current={pathname === tab.to || pathname.startsWith(`${tab.to}/`) ? "page" : undefined}>
        {tab.label}
      </PlainLink>
    </li>
  ));
}

/** The narrow screen's menu: the same tabs and help centre link, in a disclosure. */
function SiteMenu({ header, helpUrl, pathname }: { header: HeaderModel; helpUrl: string; pathname: string }) {
  const details = useCloseOnOutside();
  return (
    <details ref={details} className="dropdown site-menu">
      <summary>Menu</summary>
      <ul>
        <TabLinks header={header} pathname={pathname} />
        <li>
          <HelpLink helpUrl={helpUrl} />
        </li>
      </ul>
    </details>
  );
}

export function AppHeader({ header, helpUrl }: { header: HeaderModel; helpUrl: string }) {
  const { pathname } = useLocation();
  const onWorkspaces = pathname === "/workspaces" || pathname === "/workspaces/";
  return (
    <header className="app-header">
      <nav aria-label="Main" className="container-fluid">
        <ul className="header-start">
          <li>
            {/* On the workspace list the logo reloads it; elsewhere it goes to the landing page. */}
            <PlainLink to="/workspaces" reloadDocument={onWorkspaces} className="logo">
              <img src="/logo.svg" alt="Convey workspaces" width="128" height="32" />
            </PlainLink>
          </li>
        </ul>
        <ul className="tabs wide-only">
          <TabLinks header={header} pathname={pathname} />
        </ul>
        <ul className="header-end">
          <li className="wide-only">
            <HelpLink helpUrl={helpUrl} />
          </li>
          <li className="narrow-only">
            <SiteMenu header={header} helpUrl={helpUrl} pathname={pathname} />
          </li>
          <li>
            <ProfileMenu header={header} />
          </li>
        </ul>
      </nav>
    </header>
  );
}
