// The design system gallery's entry (web/gallery.html; development and test/visual only, never
// in the app's bundle). `?theme=light|dark` fixes the theme; the system's otherwise.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import '../ui/fonts.js';
import { GlobalStyle, ThemeModeProvider, type ThemePreference } from '../ui/index.js';
import { Gallery } from './Gallery.js';

const container = document.getElementById('root');
if (!container) throw new Error('gallery.html must contain <div id="root">.');

const asked = new URLSearchParams(window.location.search).get('theme');
const preference: ThemePreference | undefined = asked === 'light' || asked === 'dark' ? asked : undefined;

createRoot(container).render(
  <StrictMode>
    <ThemeModeProvider preference={preference}>
      <GlobalStyle />
      <MemoryRouter>
        <Gallery />
      </MemoryRouter>
    </ThemeModeProvider>
  </StrictMode>,
);
