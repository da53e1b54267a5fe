import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';

export function NotFoundPage() {
  return (
    <div className="flex flex-col items-center py-16 text-center">
      <p className="text-5xl font-bold text-neutral-300" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold text-neutral-900">Oops! Page not found</h1>
      <p className="mt-2 text-neutral-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={`mt-6 ${buttonClasses()}`}>
        Return to Home
      </Link>
    </div>
  );
}
