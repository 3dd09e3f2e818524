// Types `props.theme` in every styled component as Junction's theme.
import 'styled-components';
import type { JunctionTheme } from './theme.js';

declare module 'styled-components' {
  export interface DefaultTheme extends JunctionTheme {}
}
