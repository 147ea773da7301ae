/** The player's web worker parses subtitle files when the player runs cross-origin inside the host. */
import { subtitleFixture } from 'fixtures';
import { expect, test } from '../support/site.fixture';

test('the player worker parses subtitle files in the host: SRT, UTF-16 from its bytes, and refuses a file that is not one', async ({
  page,
  site,
}) => {
  await page.goto(`${site.hostUrl}/dev/video`);
  const input = page.getByLabel('Subtitle file (.srt, .vtt, .ass, .ssa)');
  const count = page.getByTestId('cue-count');

  await test.step('an SRT file is parsed in the worker', async () => {
    await input.setInputFiles(subtitleFixture('srt/typical.srt'));
    await expect(count).toHaveText('3 cues in typical.srt (parsed in the worker)');
    await expect(count).toHaveAttribute('data-where', 'worker');
    await expect(page.getByText('This is the first subtitle.')).toBeVisible();
  });

  await test.step('a UTF-16 subtitle file is decoded from its bytes in the worker', async () => {
    await input.setInputFiles(subtitleFixture('srt/typical-utf16le-bom.srt'));
    await expect(count).toHaveText('3 cues in typical-utf16le-bom.srt (parsed in the worker)');
    await expect(page.getByText('This is the first subtitle.')).toBeVisible();
  });

  await test.step('a file that is not a subtitle is refused with a clear message', async () => {
    await input.setInputFiles({ name: 'notes.srt', mimeType: 'text/plain', buffer: Buffer.from('just some words') });
    await expect(page.getByRole('alert')).toHaveText('Invalid subtitle format');
  });
});
