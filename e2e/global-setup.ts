/** Builds the QA variants of the settings remote that the override tests serve from other origins. */
import { buildApps } from '../scripts/build.ts';
import { QA_DIST, QA_MARKER, V2_DIST } from './support/site.fixture.ts';

export default async function globalSetup() {
  const started = performance.now();
  await Promise.all([
    buildApps(['remote-settings'], { MW_OUT_DIR: QA_DIST, MW_BUILD_MARKER: QA_MARKER }),
    buildApps(['remote-settings'], { MW_OUT_DIR: V2_DIST, MW_BUILD_MARKER: 'contracts-v2', MW_CONTRACTS_VERSION: '2.0.0' }),
  ]);
  console.log(`QA builds ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
