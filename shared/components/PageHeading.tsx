import type { ReactNode } from 'react';
import type { NavItem } from '../nav';
import { TabBar } from './TabBar';

/** The top of a content page: its tab bar (when it belongs to a section) and its one <h1>. */
export function PageHeading({ title, tabs, children }: { title: string; tabs?: NavItem[]; children?: ReactNode }) {
  return (
    <div className="page-heading">
      {tabs ? <TabBar tabs={tabs} /> : null}
      <h1>{title}</h1>
      {children}
    </div>
  );
}
