import { ExternalLink, Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { focusRing } from '../../components/ui/Button.tsx';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { avatarClasses, initialsOf } from './account-avatar.ts';
import { ADVANCED_PRODUCT_LABEL, navEntries, staffNavEntries } from './nav-entries.ts';
import { isStaffUser, secondFactorPending } from './staff.ts';

// The account menu's code (Radix's menu and its positioning) is not needed for the first paint: it
// loads beside the page, and the same face with the same initials keeps its place until it arrives.
const AccountMenu = lazy(async () => ({ default: (await import('./AccountMenu.tsx')).AccountMenu }));

const linkClasses = (isActive: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium ${focusRing} ${
    isActive
      ? 'bg-neutral-100 text-neutral-900'
      : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900'
  }`;

/** The brand, the navigation and the account menu; under 768 px the entries fold into a menu button. */
export function AppHeader() {
  const { brandName, advancedProductUrl } = usePublicConfig();
  const { user, signOut } = useAuth();
  const isStaff = isStaffUser(user);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // Staff work in the staff workspace: its entries replace the client area's, and none shows until
  // the session has passed the second factor (every page but /mfa is closed until then).
  const entries: readonly { label: string; to: string; end?: boolean }[] = isStaff
    ? secondFactorPending(user)
      ? []
      : staffNavEntries
    : navEntries;

  // The folded menu closes when a page is chosen, and with Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is what a path change triggers.
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus on an entry would leave with the menu: it goes back to the button that opened it.
      if (menu.current?.contains(document.activeElement)) menuButton.current?.focus();
      setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const advancedLink = (className: string) => (
    <a href={advancedProductUrl} target="_blank" rel="noopener noreferrer" className={className}>
      {ADVANCED_PRODUCT_LABEL}
      <ExternalLink className="size-3.5" aria-hidden="true" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );

  return (
    <header className="border-b border-neutral-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className={`flex items-center gap-2 rounded-md font-semibold text-neutral-900 ${focusRing}`}
        >
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-brand text-sm text-white"
          >
            {brandName.charAt(0).toUpperCase()}
          </span>
          {brandName}
        </Link>
        {user && (
          <>
            <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
              {entries.map((entry) => (
                <NavLink
                  key={entry.to}
                  to={entry.to}
                  end={entry.end}
                  className={({ isActive }) => linkClasses(isActive)}
                >
                  {entry.label}
                </NavLink>
              ))}
              {!isStaff && advancedLink(`inline-flex items-center gap-1 ${linkClasses(false)}`)}
            </nav>
            <div className="ml-auto flex items-center gap-2">
              <Suspense
                fallback={
                  <span aria-hidden="true" className={avatarClasses}>
                    {initialsOf(user)}
                  </span>
                }
              >
                <AccountMenu />
              </Suspense>
              <button
                ref={menuButton}
                type="button"
                className={`rounded-md p-2 text-neutral-700 hover:bg-neutral-100 md:hidden ${focusRing}`}
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? (
                  <X className="size-5" aria-hidden="true" />
                ) : (
                  <Menu className="size-5" aria-hidden="true" />
                )}
                <span className="sr-only">Menu</span>
              </button>
            </div>
          </>
        )}
      </div>
      {user && menuOpen && (
        <nav
          ref={menu}
          id={menuId}
          aria-label="Main"
          className="border-t border-neutral-200 px-4 py-2 md:hidden"
        >
          <ul className="flex flex-col gap-1">
            {entries.map((entry) => (
              <li key={entry.to}>
                <NavLink
                  to={entry.to}
                  end={entry.end}
                  // Closed as the entry is chosen, not only once the page changes: a page may ask
                  // first (the wizard during an upload), and its question would open over the menu.
                  // Focus goes to the menu button, as with Escape, so the question gives it back there.
                  onClick={() => {
                    menuButton.current?.focus();
                    setMenuOpen(false);
                  }}
                  className={({ isActive }) => `block ${linkClasses(isActive)}`}
                >
                  {entry.label}
                </NavLink>
              </li>
            ))}
            {!isStaff && <li>{advancedLink(`flex items-center gap-1 ${linkClasses(false)}`)}</li>}
            <li className="mt-1 border-t border-neutral-200 pt-1">
              <button
                type="button"
                className={`w-full text-left ${linkClasses(false)}`}
                onClick={() => void signOut()}
              >
                Sign Out
              </button>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
