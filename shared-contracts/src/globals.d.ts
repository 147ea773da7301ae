/** Values every app's build defines (rspack.base.ts). */
declare const __CONTRACTS_VERSION__: string;
declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
declare const __BUILD_MARKER__: string;
declare const __DEV__: boolean;
