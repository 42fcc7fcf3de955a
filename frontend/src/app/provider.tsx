import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/auth/session';
import { ThemeProvider } from '../lib/theme';

/**
 * Theme, data cache and session around the routes. The query client comes from outside (main.tsx creates it before
 * the first render, so a route's data can start loading with the route's code; tests pass their own).
 */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
