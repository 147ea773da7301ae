/** The feature's public surface: what other features import from it (lint keeps them to this file). */
export { actions, authStore, pageView, recoveries, saveFailures, siteFrame, stores, themePreview } from './stores';
