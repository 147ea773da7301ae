/** The feature's public surface: what other features import from it (lint keeps them to this file). */
export { ErrorMessage } from './ErrorMessage';
export { errorField, fieldErrorProps, type AccountField } from './field-error';
export { PageFrame } from './PageFrame';
export { Actions, Button, ErrorText, Field, Muted, StepCount } from './primitives';
export { PROFILE_ICON_KEYS, ProfileIcon } from './ProfileIcon';
