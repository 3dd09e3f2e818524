import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { type RootStore, RootStoreProvider } from '../stores/root-store.js';
import { GlobalStyle, ToastProvider, theme } from '../ui/index.js';
import { type CrashReporter, ErrorBoundary } from './ErrorBoundary.js';

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  store: RootStore;
  children: ReactNode;
  onCrash?: CrashReporter;
}

/**
 * Wraps the app in everything a page may rely on: the theme and global styles, the crash
 * boundary, the root store and the toast.
 *
 * @example
 * <AppProviders store={createRootStore({ api })}><RouterProvider router={router} /></AppProviders>
 */
export function AppProviders({ store, children, onCrash }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <ErrorBoundary onCrash={onCrash}>
        <RootStoreProvider store={store}>
          <ToastProvider>{children}</ToastProvider>
        </RootStoreProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
