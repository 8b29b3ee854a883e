import { useT } from '../app-context';
import type { NavItem } from '../nav';
import { NavItemLink } from './links';

/** A section's tab bar (shared/nav.ts); the active tab follows the URL (aria-current="page"). */
export function TabBar({ tabs }: { tabs: NavItem[] }) {
  const t = useT();
  return (
    <nav className="tab-bar" aria-label={t.common.tabs}>
      <ul>
        {tabs.map((tab) =>
          tab.kind === 'group' ? null : (
            <li key={tab.label}>
              <NavItemLink item={tab} className="tab-bar__tab" />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
