import type { ReactNode } from 'react';
import { type RootStore, RootStoreProvider } from '../stores/root-store.js';
import { GlobalStyle } from '../ui/GlobalStyle.js';
import { ThemeModeProvider } from '../ui/ThemeMode.js';
import { ToastProvider } from '../ui/Toast.js';
import { type CrashReporter, ErrorBoundary } from './ErrorBoundary.js';
// Inter for every entry (the app, the public form pages): the theme's font is bundled.
import '../ui/fonts.js';

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  store: RootStore;
  children: ReactNode;
  onCrash?: CrashReporter;
}

/**
 * Wraps the app in everything a page may rely on: the theme (light or dark, as the user
 * chose) and global styles, the crash boundary, the root store and the toast.
 *
 * @example
 * <AppProviders store={createRootStore({ api })}><RouterProvider router={router} /></AppProviders>
 */
export function AppProviders({ store, children, onCrash }: AppProvidersProps) {
  return (
    <ThemeModeProvider>
      <GlobalStyle />
      <ErrorBoundary onCrash={onCrash}>
        <RootStoreProvider store={store}>
          <ToastProvider>{children}</ToastProvider>
        </RootStoreProvider>
      </ErrorBoundary>
    </ThemeModeProvider>
  );
}
