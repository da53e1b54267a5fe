import { MessageCircle } from 'lucide-react';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { whatsappLink } from '../../lib/whatsapp.ts';
import { teamGreeting } from './team-greeting.ts';

/** /myteam, My Team (spec 2, section 2): one way to reach the recruiting team. */
export function TeamPage({ account }: { account: { name: string; email: string } }) {
  const { whatsappNumber } = usePublicConfig();
  const href = whatsappLink(whatsappNumber, teamGreeting(account.name, account.email));

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-semibold text-neutral-900">My Team</h1>
      <Card>
        <div className="flex flex-col items-center gap-4 py-4 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-800">
            <MessageCircle className="size-7" aria-hidden="true" />
          </span>
          <p className="text-lg text-neutral-900">Connect directly with our team via WhatsApp</p>
          <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'lg')}>
            Message the Team on WhatsApp
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <p className="text-sm text-neutral-600">Our team typically responds within a few hours</p>
        </div>
      </Card>
    </div>
  );
}
