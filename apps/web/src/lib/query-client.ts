import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * TanStack Query's defaults are the spec's caching rules: 5-minute cache lifetime (gcTime),
 * 3 retries, delay doubling from 1 s up to 30 s. We only skip retries for answers that
 * cannot change by retrying (4xx).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failureCount < 3;
      },
      refetchOnWindowFocus: false,
    },
  },
});
