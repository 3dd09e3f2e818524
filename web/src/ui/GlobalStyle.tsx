import { createGlobalStyle } from 'styled-components';

/** Resets and base typography applied once at the app root. */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; }
  html { color-scheme: ${({ theme }) => theme.mode}; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => theme.font.size.body};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.canvas};
    -webkit-font-smoothing: antialiased;
  }
  /*
   * Radix dialogs put their overlay and content (position: fixed) straight under <body>: lift
   * them above the editor's drawers (z-index 5 and 10), which stack inside #root. :where()
   * keeps this below any component's own z-index; popovers and tooltips (30) stay above a
   * dialog, toasts (1000) above everything.
   */
  :where(body > div:not(#root)) { z-index: ${({ theme }) => theme.layer.dialog}; }
  :focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;
