import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import type { ApiResult } from '../../lib/api.ts';

/**
 * The server decides who is staff. When any staff call answers 403 (the role was taken away, say),
 * the whole page gives way to the server's own explanation.
 */
type Guard = <T>(result: ApiResult<T>) => ApiResult<T>;

const GuardContext = createContext<Guard>((result) => result);

export function useStaffGuard(): Guard {
  return useContext(GuardContext);
}

export function StaffAccessBoundary({
  deniedView,
  children,
}: {
  deniedView(message: string): ReactNode;
  children: ReactNode;
}) {
  const [denied, setDenied] = useState<string | null>(null);
  const guard = useCallback<Guard>((result) => {
    if (result.status === 403 && result.error) setDenied(result.error);
    return result;
  }, []);
  if (denied !== null) return deniedView(denied);
  return <GuardContext.Provider value={guard}>{children}</GuardContext.Provider>;
}
