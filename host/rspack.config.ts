import { createConfig } from '../rspack.base.ts';

export default createConfig({ app: 'host', dir: import.meta.dirname });
