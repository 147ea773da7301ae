/** The feature's public surface: what other features import from it (lint keeps them to this file). */
export { useConfirm } from './ConfirmDialog';
export { Button, Field, SectionBox, Slider, TextInput, Toggle } from './controls';
export { ProfilePicker } from './ProfilePicker';
export { onRadioKeys, radioTabIndex } from './radio-keys';
