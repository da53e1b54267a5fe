import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { focusRing } from '../../components/ui/Button.tsx';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { avatarClasses, initialsOf } from './account-avatar.ts';
import { ADMIN_ENTRY } from './nav-entries.ts';
import { useIsStaff } from './staff.ts';

const itemClasses =
  'block w-full cursor-pointer rounded-sm px-3 py-2 text-left text-sm text-neutral-800 outline-none data-highlighted:bg-neutral-100 data-highlighted:text-neutral-900';

/** The profile dropdown: who is signed in, their profile, the staff console for staff, and sign-out. */
export function AccountMenu() {
  const { user, signOut } = useAuth();
  const isStaff = useIsStaff();
  if (!user) return null;

  return (
    // Not modal: an open menu does not hide the rest of the page from assistive technology (which
    // would leave focusable controls inside hidden content); Escape and a click outside close it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Your account"
        className={`${avatarClasses} hover:bg-neutral-200 ${focusRing}`}
      >
        <span aria-hidden="true">{initialsOf(user)}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          // Never wider than the room the screen leaves (Radix measures it); a long address wraps.
          className="z-50 max-w-[min(20rem,var(--radix-dropdown-menu-content-available-width))] min-w-56 rounded-md border border-neutral-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-neutral-600">
            Signed in as
            <span className="block text-sm font-medium wrap-anywhere text-neutral-900">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/profile">My Profile</Link>
          </DropdownMenu.Item>
          {isStaff && (
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link to={ADMIN_ENTRY.to}>{ADMIN_ENTRY.label}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => void signOut()}>
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
