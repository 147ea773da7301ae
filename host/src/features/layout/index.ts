/** The feature's public surface: what other features import from it (lint keeps them to this file). */
export { Layout, SiteHeader } from './Layout';
