/** The feature's public surface: what other features import from it (lint keeps them to this file). */
export { Badge, Button, ButtonLink, CenteredMessage, Page, VisuallyHidden } from './primitives';
export { usePageTitle } from './use-page-title';
