import { subtitleFixture } from 'fixtures';
import { expect, test } from '../support/site.fixture';

const fixture = subtitleFixture('srt/typical.srt');

test('the player worker parses a subtitle file when the player is loaded cross-origin in the host', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/dev/video`);
  await page.getByLabel('Subtitle file (.srt, .vtt, .ass, .ssa)').setInputFiles(fixture);
  const count = page.getByTestId('cue-count');
  await expect(count).toHaveText('3 cues in typical.srt (parsed in the worker)');
  await expect(count).toHaveAttribute('data-where', 'worker');
  await expect(page.getByText('This is the first subtitle.')).toBeVisible();
});

test('the standalone player page works on its own origin, worker included', async ({ page, site }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${site.remoteUrls.player}/`);
  await expect(page.getByTestId('dev-video-page')).toBeVisible();
  await page.getByLabel('Subtitle file (.srt, .vtt, .ass, .ssa)').setInputFiles(fixture);
  await expect(page.getByTestId('cue-count')).toHaveAttribute('data-where', 'worker');
  await expect(page.getByTestId('cue-count')).toHaveText('3 cues in typical.srt (parsed in the worker)');
  expect(errors).toEqual([]);
});

test('a UTF-16 subtitle file is decoded from its bytes in the worker', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/dev/video`);
  await page.getByLabel('Subtitle file (.srt, .vtt, .ass, .ssa)').setInputFiles(subtitleFixture('srt/typical-utf16le-bom.srt'));
  await expect(page.getByTestId('cue-count')).toHaveText('3 cues in typical-utf16le-bom.srt (parsed in the worker)');
  await expect(page.getByText('This is the first subtitle.')).toBeVisible();
});

test('a file that is not a subtitle is refused with a clear message', async ({ page, site }) => {
  await page.goto(`${site.hostUrl}/dev/video`);
  await page
    .getByLabel('Subtitle file (.srt, .vtt, .ass, .ssa)')
    .setInputFiles({ name: 'notes.srt', mimeType: 'text/plain', buffer: Buffer.from('just some words') });
  await expect(page.getByRole('alert')).toHaveText('Invalid subtitle format');
});

test("a remote's standalone page works at a deep path of its own origin (the account remote's onboarding step)", async ({ page, site }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const notFound: string[] = [];
  page.on('response', (r) => void (r.status() === 404 && notFound.push(r.url())));
  await page.goto(`${site.remoteUrls.account}/onboarding/extension`);
  await expect(page.getByRole('heading', { name: 'Set up the extension' })).toBeVisible({ timeout: 15_000 });
  expect(notFound.filter((url) => url.startsWith(`${site.remoteUrls.account}/onboarding/`))).toEqual([]);
  expect(errors).toEqual([]);
});
