import type { ReactNode } from 'react';

interface DropdownProps {
  id: string;
  label: ReactNode;
  open: boolean;
  onToggle: (id: string) => void;
  children: ReactNode;
  className?: string;
}

/**
 * A disclosure menu: a <button aria-expanded aria-controls> and its panel. Without JavaScript the panel
 * opens on hover and keyboard focus (CSS, see `.nav:not([data-enhanced])`), so every link stays reachable.
 */
export function Dropdown({ id, label, open, onToggle, children, className }: DropdownProps) {
  const panelId = `menu-${id}`;
  return (
    <li className={`dropdown${open ? ' is-open' : ''}${className ? ` ${className}` : ''}`}>
      <button type="button" className="dropdown__trigger" aria-expanded={open} aria-controls={panelId} data-menu-trigger={id} onClick={() => onToggle(id)}>
        {label}
        <span className="dropdown__caret" aria-hidden="true" />
      </button>
      <div className="dropdown__panel" id={panelId}>
        {children}
      </div>
    </li>
  );
}
